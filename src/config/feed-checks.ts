/**
 * `feeds.releaseNotes.section` of site.yml must name a section of some version's nav.yml: a typo
 * would otherwise build a site without the feed its writers asked for. Pure.
 */
import { isLoginOnly } from './schemas/auth.ts';
import { DocsInputError, type DocsWarning } from './errors.ts';
import { closest } from './suggest.ts';
import type { YamlFile } from './yaml-file.ts';
import { releaseNotePages, sectionTitles } from '../model/release-notes.ts';
import type { SiteModel } from '../model/types.ts';

const SECTION_PATH = ['feeds', 'releaseNotes', 'section'];

/**
 * Throws when no version has a section with the title `feeds.releaseNotes.section` names (the
 * error lists the sections there are); warns when the sections it names hold no public page, so
 * that no feed is built.
 */
export function checkReleaseNotesSection(model: SiteModel, siteFile: YamlFile): DocsWarning[] {
  const section = model.config.feeds.releaseNotes?.section;
  if (section === undefined) return [];
  const titles = [...new Set(model.versions.flatMap((site) => sectionTitles(site.nav)))];
  const line = siteFile.lineOf(SECTION_PATH, 'value');
  if (!titles.includes(section)) {
    const near = closest(section, titles);
    throw new DocsInputError({
      file: siteFile.file,
      line,
      column: siteFile.columnOf(SECTION_PATH, 'value'),
      field: SECTION_PATH.join('.'),
      problem: `"${section}" is not the title of a section in any version's nav.yml${titles.length === 0 ? ' (they have no sections)' : ''}.`,
      hint:
        titles.length === 0
          ? 'put the release notes in a section of nav.yml (`- title: Release notes` with `children:`), and name that title here.'
          : `${near ? `did you mean "${near}"? Otherwise ` : ''}write the title of the section that holds the release notes, exactly as nav.yml does; the sections are: ${titles.map((title) => `"${title}"`).join(', ')}.`,
    });
  }
  if (isLoginOnly(model.config.auth)) return [];
  const hasPublicNote = model.versions.some((site) => releaseNotePages(site.nav, section).some((page) => page.public));
  return hasPublicNote
    ? []
    : [{ file: `${siteFile.file}:${line ?? 1}`, message: `feeds.releaseNotes.section: the sections titled "${section}" hold no public page, so no release-notes feed is built. Add pages under that section, or remove \`roles\` from the notes anyone may read.` }];
}
