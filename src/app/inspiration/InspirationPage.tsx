// Placeholder until the feature lands; replaced by the feature's real page.
export default function InspirationPage() {
  return <main className="page"><h1>InspirationPage</h1></main>;
}
