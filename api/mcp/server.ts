/** One MCP server over the query index: the tools of ./tools.ts, for either transport. */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { API_NAME } from '../docs.js';
import { registerTools, type McpContext } from './tools.js';

export const MCP_SERVER_NAME = 'lungtrials';

export function createMcpServer(ctx: McpContext): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, title: API_NAME, version: '1.0.0' },
    {
      instructions:
        'Lung cancer clinical trials with structured biomarker requirements (gene, alteration, polarity, PD-L1 cut-offs) and geocoded sites. ' +
        'Start with search_trials or match_patient; use explain=true (match_patient always explains) to show why each trial matched, quoting ' +
        "the eligibility sentences. Not medical advice: always give the trial's url so a patient can check with the study team.",
    },
  );
  registerTools(server, ctx);
  return server;
}
