import { InspirationForm } from './InspirationForm';
import { InspirationList } from './InspirationList';
import './inspiration.css';

/** The inspiration pane (spec 4.3): page = form beside the list; dock = the list, the form folded above it. */
export function InspirationPane({ layout }: { layout: 'page' | 'dock' }) {
  if (layout === 'dock')
    return (
      <div className="insp insp-dock">
        <details className="insp-form-fold">
          <summary className="btn btn-sm">+ Save an inspiration</summary>
          <InspirationForm />
        </details>
        <InspirationList layout="dock" />
      </div>
    );
  return (
    <div className="insp insp-page">
      <div className="insp-form-col card">
        <InspirationForm />
      </div>
      <InspirationList layout="page" />
    </div>
  );
}
