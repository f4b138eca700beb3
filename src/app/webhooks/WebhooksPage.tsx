import { WebhooksPane } from './Webhooks';

/** /webhooks: endpoints and deliveries full-width (selected endpoint in the URL). */
export default function WebhooksPage() {
  return (
    <main className="feature-page feature-page-full" aria-labelledby="webhooks-title">
      <h1 id="webhooks-title" className="page-title">
        Webhooks
      </h1>
      <WebhooksPane layout="page" />
    </main>
  );
}
