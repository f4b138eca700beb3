// Placeholder until the feature lands; replaced by the feature's real page.
export default function CampaignsPage() {
  return <main className="page"><h1>CampaignsPage</h1></main>;
}
