import { InspirationPane } from './Inspiration';

/** /inspiration: the saver full-width. */
export default function InspirationPage() {
  return (
    <main className="feature-page feature-page-full" aria-labelledby="insp-title">
      <h1 id="insp-title" className="page-title">
        Inspiration
      </h1>
      <InspirationPane layout="page" />
    </main>
  );
}
