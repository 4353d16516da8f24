/** One MCP server over the query index: the tools of ./tools.ts, for either transport. */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { API_NAME } from '../identity.js';
import { registerTools, type McpContext } from './tools.js';

export const MCP_SERVER_NAME = 'lungtrials';

/**
 * The validator a Server keeps for elicitation replies (never used here); one per process,
 * since building an Ajv instance per HTTP request cost more than the search itself.
 */
const validator = new AjvJsonSchemaValidator();

/**
 * The SDK's low-level Server with a literal tool table (./tools.ts) rather than McpServer:
 * tool schemas become JSON Schema once per process, not per server, which matters over
 * HTTP where every request gets a server of its own.
 */
export function createMcpServer(ctx: McpContext): Server {
  const server = new Server(
    { name: MCP_SERVER_NAME, title: API_NAME, version: '1.0.0' },
    {
      capabilities: { tools: {} },
      jsonSchemaValidator: validator,
      instructions:
        'Lung cancer clinical trials with structured biomarker requirements (gene, alteration, ' +
        'polarity, PD-L1 cut-offs) and geocoded sites. Start with search_trials or ' +
        "match_patient (a patient's markers, negative genes, type and stage: each trial eligible " +
        'or needs_testing, with the rows behind it); use explain=true to show why each trial ' +
        'matched, quoting the eligibility sentences. Not medical advice: always give the ' +
        "trial's url so a patient can check with the study team.",
    },
  );
  registerTools(server, ctx);
  return server;
}
