import { normaliseProfileUrl } from '../../../domain/profile-url';

/** One page of the audience list as this lookup needs it. */
export interface ProspectPageLike {
  items: { prospectId: string; profileUrl: string }[];
  nextCursor: string | null;
}

/**
 * The ids of the prospects with these profile URLs: the import answers counts, not ids (contract 9.1),
 * so "Add to campaign" after an import walks the audience list (newest first: what was just created
 * comes first) until every profile is found or the list ends.
 */
export async function findProspectIds(
  profileUrls: readonly string[],
  readPage: (cursor: string | undefined) => Promise<ProspectPageLike>,
): Promise<string[]> {
  const wanted = new Set(profileUrls.map((url) => normaliseProfileUrl(url)).filter((url): url is string => url !== null));
  const found: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await readPage(cursor);
    for (const p of page.items) {
      const key = normaliseProfileUrl(p.profileUrl) ?? p.profileUrl;
      if (wanted.delete(key)) found.push(p.prospectId);
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor && wanted.size > 0);
  return found;
}
