import { runMcpSaveBench } from '../bench/mcp-save.bench';
await runMcpSaveBench();
