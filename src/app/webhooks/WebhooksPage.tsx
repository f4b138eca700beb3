// Placeholder until the feature lands; replaced by the feature's real page.
export default function WebhooksPage() {
  return <main className="page"><h1>WebhooksPage</h1></main>;
}
