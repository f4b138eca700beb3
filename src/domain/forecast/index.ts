/** The forecast of a campaign run (contract 9.5): when an audience finishes, and what holds it back. */
export { forecastCampaign, simulateForecast } from './forecast';
