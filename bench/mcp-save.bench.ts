import { loadavg } from 'node:os';
import { followUpChain } from '../src/domain/testing/fixtures';
import { percentile, withBenchServer } from './support/mcp-server';

const WARMUP_RUNS = 10;
const MEASURED_RUNS = 100;
/** Goal: a 500-node save over HTTP answers in at most 40 ms at the median. */
const GOAL_P50_MS = 40;

/**
 * p50/p95 of update-campaign-workflow over real HTTP (raw JSON-RPC, one save after another, each
 * with the updated_at of the previous) for followUpChain(500): 500 nodes, 997 edges. The whole
 * path is timed: auth, argument parsing, validation, the conditional write with its version row
 * and event, the JSON response. Embedded database (PGlite) unless DATABASE_URL is set. Client and
 * server share this process, so the CPU time per save (printed with the load average) is the
 * figure to trust on a busy machine, where wall-clock percentiles mostly measure the neighbours.
 */
export async function runMcpSaveBench(): Promise<{ p50: number; p95: number }> {
  return withBenchServer(async ({ call: send, accountId, kind }) => {
    const call = async (name: string, args: Record<string, unknown>) => (await send(name, args)).result;
    const graph = followUpChain(500);
    const size = JSON.stringify(graph).length;
    let campaign = await call('create-campaign', { name: 'Bench', senderAccountIds: [accountId] });
    const times: number[] = [];
    let cpuMicros = 0;
    for (let run = 0; run < WARMUP_RUNS + MEASURED_RUNS; run++) {
      graph.nodes[0]!.data = { run }; // a different graph each time, as an editor would send
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      campaign = await call('update-campaign-workflow', {
        campaignId: campaign.campaignId,
        expectedUpdatedAt: campaign.updated_at,
        workflow_definition: graph,
      });
      if (run < WARMUP_RUNS) continue;
      times.push(performance.now() - started);
      const cpu = process.cpuUsage(cpuBefore);
      cpuMicros += cpu.user + cpu.system;
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    console.log(
      `update-campaign-workflow, 500 nodes / ${graph.edges.length} edges (${(size / 1024).toFixed(0)} KiB), ${kind}, ${MEASURED_RUNS} runs: ` +
        `p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  max ${times[times.length - 1]!.toFixed(1)} ms  ` +
        `(CPU ${(cpuMicros / 1000 / MEASURED_RUNS).toFixed(1)} ms per save, client included; load average ${loadavg()[0]!.toFixed(1)})  ${p50 <= GOAL_P50_MS ? 'ok' : `OVER GOAL (p50 ≤ ${GOAL_P50_MS} ms)`}`,
    );
    return { p50, p95 };
  });
}
