// Placeholder until the feature lands; replaced by the feature's real page.
export default function EditorPage({ campaignId }: { campaignId: string }) {
  return <main className="page"><h1>Campaign {campaignId}</h1></main>;
}
