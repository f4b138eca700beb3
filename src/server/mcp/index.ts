import { audienceTools } from '../audience/tools';
import { campaignTools } from '../campaigns/tools';
import { revisionTools } from '../revisions/tools';
import { runViewTools } from '../run-view/tools';
import { resultsTools } from '../run-view/results-tools';
import { mcpRoutes } from './server';

/** POST /mcp with every tool of the service (contract 3–4). A module with tools adds its list here. */
export const mcpModule = mcpRoutes([...campaignTools, ...audienceTools, ...runViewTools, ...revisionTools, ...resultsTools]);
