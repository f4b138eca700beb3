// Placeholder until the feature lands; replaced by the feature's real page.
export default function Dock() {
  return <main className="page"><h1>Dock</h1></main>;
}
