import { useDeferredValue, useId, useMemo, useState } from 'react';
import { forecastInputSchema, MAX_FORECAST_AUDIENCE, type CampaignRun, type ForecastSettings } from '../../../domain/contract/runs';
import { simulateForecast } from '../../../domain/forecast';
import { toIsoMillis } from '../../../domain/time';
import type { Account } from '../../api/accounts';
import type { Campaign } from '../../api/campaigns';
import { formatCount } from '../../ui/format';
import { forecastDetails, forecastSentence } from './forecast-words';

/**
 * The launch review's forecast (contract 9.5): when the audience would finish with the campaign's
 * senders (their daily and weekly limits, else the defaults, and their warm-ups), its sending window and the sandbox's response
 * rates — computed here, in the browser, as the user changes the audience size. It starts from the
 * prospects actually enrolled and forecasts on the server's basis (the run body's forecast): the
 * configured ACTION_SPACING_S and the enrolled prospects' time zones.
 */

/** The audience the review starts with when nobody is enrolled yet, until the user says how many they will enroll. */
export const DEFAULT_FORECAST_AUDIENCE = 100;

/** What the server knows that the forecast needs: the run body (contract 9.5) of the campaign. */
export type ForecastBasis = Pick<CampaignRun, 'enrollments' | 'forecast'>;

/** Prospects enrolled and not finished: the audience a launch starts. */
const enrolledOf = (basis: ForecastBasis | undefined): number => (basis ? basis.enrollments.waiting + basis.enrollments.active : 0);

const parseAudience = (typed: string): number | null => {
  const n = Number(typed.trim());
  return typed.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= MAX_FORECAST_AUDIENCE ? n : null;
};

/** The forecast's settings for this campaign, less the audience; null when they cannot be read. */
function settingsOf(
  campaign: Campaign,
  accounts: readonly Account[],
  startAt: string,
  basis: ForecastBasis | undefined,
): ForecastSettings | null {
  const senders = campaign.senderAccountIds.flatMap((id) => {
    const account = accounts.find((a) => a.id === id);
    return account
      ? [
          {
            accountId: id,
            channel: account.channel,
            ...(account.dailyLimits ? { dailyLimits: account.dailyLimits } : {}),
            // Contract 10.2: the weekly limits and the warm-up hold the forecast as they hold the run.
            ...(account.weeklyLimits ? { weeklyLimits: account.weeklyLimits } : {}),
            warmUp: account.warmUp ?? null,
          },
        ]
      : [];
  });
  const parsed = forecastInputSchema.safeParse({
    definition: campaign.workflow_definition,
    ...(campaign.schedule ? { schedule: campaign.schedule } : {}),
    senders,
    audienceSize: 0,
    ...(basis ? { actionSpacingSeconds: basis.forecast.actionSpacingSeconds, prospectTimeZones: basis.forecast.prospectTimeZones } : {}),
    startAt,
  });
  return parsed.success ? parsed.data : null;
}

export function ReviewForecast({
  campaign,
  accounts,
  basis,
  now,
}: {
  campaign: Campaign;
  accounts: readonly Account[] | undefined;
  /** The campaign's run body, once read (undefined: not yet, or it could not be read). */
  basis?: ForecastBasis | undefined;
  now?: number;
}) {
  const id = useId();
  const [startAt] = useState(() => toIsoMillis(now ?? Date.now()));
  const enrolled = enrolledOf(basis);
  // Untouched, the audience is the prospects enrolled (the default when none are): what a launch would start.
  const [edited, setTyped] = useState<string | null>(null);
  const typed = edited ?? String(enrolled > 0 ? Math.min(enrolled, MAX_FORECAST_AUDIENCE) : DEFAULT_FORECAST_AUDIENCE);
  const audience = useDeferredValue(parseAudience(typed));
  const settings = useMemo(() => (accounts ? settingsOf(campaign, accounts, startAt, basis) : null), [campaign, accounts, startAt, basis]);
  const forecast = useMemo(
    () => (settings && audience !== null ? simulateForecast({ ...settings, audienceSize: audience }) : null),
    [settings, audience],
  );
  const invalid = parseAudience(typed) === null;

  return (
    <section aria-labelledby={`${id}-title`} className="power-forecast">
      <h3 id={`${id}-title`}>When it finishes</h3>
      <label className="power-audience" htmlFor={`${id}-audience`}>
        <span>Prospects you will enroll</span>
        <input
          id={`${id}-audience`}
          className="input"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_FORECAST_AUDIENCE}
          step={1}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-error` : undefined}
        />
      </label>
      {enrolled > 0 && (
        <p className="muted" data-testid="review-enrolled">
          {formatCount(enrolled)} {enrolled === 1 ? 'prospect is' : 'prospects are'} enrolled in this campaign.
        </p>
      )}
      {invalid ? (
        <p id={`${id}-error`} className="field-error">
          Enter a whole number of prospects from 1 to {formatCount(MAX_FORECAST_AUDIENCE)}.
        </p>
      ) : !accounts ? (
        <p className="muted">The sender accounts could not be read, so no finish date can be forecast.</p>
      ) : !settings ? (
        <p className="muted">This campaign’s sending window could not be read, so no finish date can be forecast.</p>
      ) : (
        forecast && (
          <>
            <p className="power-forecast-sentence" data-testid="review-forecast" role="status">
              {forecastSentence(forecast, settings.senders, startAt)}
            </p>
            <p className="muted power-forecast-details">{forecastDetails(forecast, settings)}</p>
          </>
        )
      )}
    </section>
  );
}
