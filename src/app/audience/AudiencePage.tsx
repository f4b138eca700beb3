import { matchPath, PATHS } from '../boot/paths';
import { useLocation } from '../router';
import { AudienceBrowser } from './AudienceBrowser';
import { DoNotContactPage } from './do-not-contact/DoNotContactPage';
import { ImportFlow } from './import/ImportFlow';
import './audience.css';

/** /audience (the list and a prospect's detail), /audience/import (the CSV import) and /audience/do-not-contact: one chunk. */
export default function AudiencePage() {
  const { pathname } = useLocation();
  if (matchPath(PATHS.audienceImport, pathname)) return <ImportFlow />;
  if (matchPath(PATHS.doNotContact, pathname)) return <DoNotContactPage />;
  return <AudienceBrowser />;
}
