/** Where the operator dashboard is mounted (the access log keeps this prefix of its paths). */
export const DASHBOARD_PATH = '/operator/queues';
