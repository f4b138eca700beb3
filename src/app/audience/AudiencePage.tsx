import { matchPath, PATHS } from '../boot/paths';
import { useLocation } from '../router';
import { AudienceBrowser } from './AudienceBrowser';
import { ImportFlow } from './import/ImportFlow';
import './audience.css';

/** /audience (the list and a prospect's detail) and /audience/import (the CSV import): one chunk. */
export default function AudiencePage() {
  const { pathname } = useLocation();
  return matchPath(PATHS.audienceImport, pathname) ? <ImportFlow /> : <AudienceBrowser />;
}
