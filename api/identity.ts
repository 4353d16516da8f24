/** The API's name, version and base path: what every description of it starts from. */
export const API_NAME = 'Lung Cancer Clinical Trial Search API';
export const API_VERSION = 'v1';
export const BASE_PATH = '/api/v1';
