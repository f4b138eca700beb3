// Placeholder until the feature lands; replaced by the feature's real page.
export default function InboxPage() {
  return <main className="page"><h1>InboxPage</h1></main>;
}
