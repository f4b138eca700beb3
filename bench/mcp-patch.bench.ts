import { loadavg } from 'node:os';
import { followUpChain, node } from '../src/domain/testing/fixtures';
import { percentile, withBenchServer } from './support/mcp-server';

const WARMUP_RUNS = 10;
const MEASURED_RUNS = 100;

/**
 * Contract 8.1 patch-campaign-workflow against a full update-campaign-workflow, same server, same
 * run: one step (a profile visit between start and the invitation) added to a 499-node campaign,
 * making 500 nodes. The full save sends that same 500-node graph. Each patch is undone by a second,
 * unmeasured patch so every measured patch starts from the same graph. Goals: patch p50 ≤ full save
 * p50, and the client sends ≤ 1 % of the full save's bytes. Client and server share this process: on a
 * busy machine the CPU time per call (client included) is the figure to trust.
 */
export async function runMcpPatchBench(): Promise<{ patchP50: number; saveP50: number; bytesRatio: number }> {
  return withBenchServer(async ({ call, accountId, kind }) => {
    const base = followUpChain(499);
    let campaign = (await call('create-campaign', { name: 'Bench', senderAccountIds: [accountId], workflow_definition: base })).result;

    const visit = node('visit', 'profile_visit', {}, { x: 0, y: 120 });
    const addStep = [
      { op: 'remove_edge', id: 'e_start_next' },
      { op: 'add_node', node: visit },
      { op: 'add_edge', edge: { id: 'e_start_visit', source: 'start', target: 'visit' } },
      { op: 'add_edge', edge: { id: 'e_visit_next', source: 'visit', target: 'invite' } },
    ];
    const removeStep = [
      { op: 'remove_node', id: 'visit' },
      { op: 'add_edge', edge: { id: 'e_start_next', source: 'start', target: 'invite' } },
    ];
    const withStep = structuredClone(base);
    withStep.edges = withStep.edges.filter((e) => e.id !== 'e_start_next');
    withStep.nodes.push(visit);
    withStep.edges.push(
      { id: 'e_start_visit', source: 'start', target: 'visit' },
      { id: 'e_visit_next', source: 'visit', target: 'invite' },
    );

    const save: number[] = [];
    const patch: number[] = [];
    let saveCpu = 0;
    let patchCpu = 0;
    const cpuSince = (before: NodeJS.CpuUsage) => {
      const used = process.cpuUsage(before);
      return used.user + used.system;
    };
    let saveBytes = 0;
    let patchBytes = 0;
    for (let run = 0; run < WARMUP_RUNS + MEASURED_RUNS; run++) {
      // Full save of the 500-node graph (a different graph each time, as an editor would send).
      withStep.nodes[0]!.data = { run };
      let started = performance.now();
      let cpu = process.cpuUsage();
      const saved = await call('update-campaign-workflow', {
        campaignId: campaign.campaignId,
        expectedUpdatedAt: campaign.updated_at,
        workflow_definition: withStep,
      });
      if (run >= WARMUP_RUNS) {
        save.push(performance.now() - started);
        saveCpu += cpuSince(cpu);
      }
      saveBytes = saved.bytes;
      // Back to 499 nodes (unmeasured), then the measured patch adding the step.
      campaign = (
        await call('update-campaign-workflow', {
          campaignId: campaign.campaignId,
          expectedUpdatedAt: saved.result.updated_at,
          workflow_definition: base,
        })
      ).result;
      started = performance.now();
      cpu = process.cpuUsage();
      const patched = await call('patch-campaign-workflow', {
        campaignId: campaign.campaignId,
        expectedUpdatedAt: campaign.updated_at,
        operations: addStep,
      });
      if (run >= WARMUP_RUNS) {
        patch.push(performance.now() - started);
        patchCpu += cpuSince(cpu);
      }
      patchBytes = patched.bytes;
      campaign = (
        await call('patch-campaign-workflow', {
          campaignId: campaign.campaignId,
          expectedUpdatedAt: patched.result.updated_at,
          operations: removeStep,
        })
      ).result;
    }
    save.sort((a, b) => a - b);
    patch.sort((a, b) => a - b);
    const saveP50 = percentile(save, 50);
    const patchP50 = percentile(patch, 50);
    const bytesRatio = patchBytes / saveBytes;
    console.log(
      `500-node campaign, ${kind}, ${MEASURED_RUNS} runs each (load average ${loadavg()[0]!.toFixed(1)}):\n` +
        `  update-campaign-workflow (full save): p50 ${saveP50.toFixed(1)} ms  p95 ${percentile(save, 95).toFixed(1)} ms  CPU ${(saveCpu / 1000 / MEASURED_RUNS).toFixed(1)} ms/call  client sends ${(saveBytes / 1024).toFixed(1)} KiB\n` +
        `  patch-campaign-workflow (add a step): p50 ${patchP50.toFixed(1)} ms  p95 ${percentile(patch, 95).toFixed(1)} ms  CPU ${(patchCpu / 1000 / MEASURED_RUNS).toFixed(1)} ms/call  client sends ${patchBytes} B ` +
        `(${(bytesRatio * 100).toFixed(2)} % of a full save)  ` +
        `${patchP50 <= saveP50 ? 'ok' : 'OVER GOAL (patch p50 ≤ full save p50)'}; ${bytesRatio <= 0.01 ? 'ok' : 'OVER GOAL (≤ 1 % of the bytes)'}`,
    );
    return { patchP50, saveP50, bytesRatio };
  });
}
