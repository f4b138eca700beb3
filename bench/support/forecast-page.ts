import { forecastCampaign } from '../../src/domain/forecast';
import type { ForecastInput } from '../../src/domain/contract/runs';
import { walkPath } from '../../src/domain/paths';

/** Runs in Chromium (bundled by bench/forecast.bench.ts): the forecast's wall time in the page, as the launch review pays it. */
declare global {
  interface Window {
    timeForecast(input: ForecastInput, runs: number): { first: number; times: number[]; walks: number[] };
  }
}

window.timeForecast = (input, runs) => {
  const started = performance.now();
  forecastCampaign(input);
  const first = performance.now() - started;
  const times: number[] = [];
  const walks: number[] = [];
  for (let run = 0; run < runs; run++) {
    const t = performance.now();
    forecastCampaign(input);
    const forecasted = performance.now();
    // The reference, as in Node: the path simulator's walk once per prospect.
    for (let p = 0; p < input.audienceSize; p++) walkPath(input.definition, { customFields: {} });
    times.push(forecasted - t);
    walks.push(performance.now() - forecasted);
  }
  return { first, times, walks };
};
