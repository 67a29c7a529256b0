import 'server-only';
import { appDb } from '@/lib/db/app-db';
import { now } from '@/lib/clock';
import { ApiError } from '@/lib/http/api-response';
import { lenientParse } from '@/lib/lenient-parse';
import { THEME_ID_PRESETS, THEME_PRESETS } from '@/features/theme/presets';
import { logoSetSchema, themeSchema, type Theme } from '@/features/theme/schema';
import { variablesSchema, type Variables } from '@/features/tenancy/variables-schema';
import { announceStoreChange, applyStoreChange } from '@/features/tenancy/server/store-sync.server';
import { insertAdminAudit } from '../../server/admin-audit-repository.server';
import { auditScope, type StaffContext } from '../../server/staff.server';
import { COLOUR_LABELS, contrastFields, contrastProblems } from '../contrast';
import type { ThemeDraftInput } from '../schemas';
import {
  findDraft,
  findPublished,
  findVersion,
  hostsOfStore,
  insertVersion,
  listVersions,
  updatePublished,
  upsertDraft,
  type PublishedRow,
  type VersionRow,
} from './theme-repository.server';

/**
 * The theme editor (issue 26, points 1 and 2; docs/decisions/0165-0167): a draft per store that
 * only its staff preview, publish that copies it to the store (a new version each time, the
 * store's cached pages rebuilt on every instance), and restore of any earlier version.
 */

/** A built-in theme (theme_id 7 or 8, or default_theme) shows its own colours: only logoSet is the store's. */
function presetOf(row: Pick<PublishedRow, 'themeId' | 'defaultTheme'>): Theme | null {
  if (row.themeId !== null && row.themeId in THEME_ID_PRESETS) {
    return THEME_ID_PRESETS[row.themeId as keyof typeof THEME_ID_PRESETS];
  }
  return row.defaultTheme ? THEME_PRESETS.telephonyDefault : null;
}

/** A stored theme and variables, whole (defaults filled in, invalid stored values fallen back). */
function whole(theme: unknown, variables: unknown): { theme: Theme; variables: Variables } {
  return {
    theme: lenientParse(themeSchema, theme).value,
    variables: lenientParse(variablesSchema, variables).value,
  };
}

/** The theme shoppers would see: a built-in theme with the store's logoSet, or the store's own. */
export function effectiveTheme(
  row: Pick<PublishedRow, 'themeId' | 'defaultTheme'>,
  theme: unknown,
): Theme {
  const preset = presetOf(row);
  if (!preset) return lenientParse(themeSchema, theme).value;
  const stored =
    theme !== null && typeof theme === 'object' ? (theme as { logoSet?: unknown }) : {};
  return { ...preset, logoSet: lenientParse(logoSetSchema, stored.logoSet).value };
}

/** What `contrast_too_low` says: each unreadable pair, by the colour to change. */
function assertReadable(theme: Theme): void {
  const problems = contrastProblems(theme);
  if (problems.length === 0) return;
  const first = problems[0]!;
  throw new ApiError(
    422,
    'contrast_too_low',
    `${COLOUR_LABELS[first.field]} on ${COLOUR_LABELS[first.with]} has a contrast of ${first.ratio}:1; text needs at least 4.5:1 (WCAG AA).`,
    contrastFields(problems),
  );
}

/** Who "published" the settings a store had before its first publish from the admin. */
export const BEFORE_THE_EDITOR = 'the store as it was before the theme editor';

const storeGone = () => new ApiError(404, 'not_found', 'There is no such page.');

/** Settings that differ between two objects, for the audit: only what changed, before and after. */
function changedParts(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}

function settingsChange(
  from: { theme: unknown; variables: unknown },
  to: { theme: unknown; variables: unknown },
) {
  const w0 = whole(from.theme, from.variables);
  const w1 = whole(to.theme, to.variables);
  const theme = changedParts(w0.theme, w1.theme);
  const variables = changedParts(w0.variables, w1.variables);
  return {
    before: { theme: theme.before, variables: variables.before },
    after: { theme: theme.after, variables: variables.after },
  };
}

/** Whether a change between two settings changes nothing. */
const unchanged = (change: ReturnType<typeof settingsChange>) =>
  Object.keys(change.after.theme).length === 0 && Object.keys(change.after.variables).length === 0;

export type VersionView = {
  id: string;
  number: number;
  published_at: string;
  published_by: string;
  restored_from: string | null;
};

const versionView = (v: VersionRow): VersionView => ({
  id: v.id,
  number: v.number,
  published_at: v.publishedAt.toISOString(),
  published_by: v.publishedBy,
  restored_from: v.restoredFromId,
});

export type DraftView = {
  theme: Theme;
  variables: Variables;
  /** The store uses a built-in theme: only `theme.logoSet` is its own. */
  built_in_theme: boolean;
  /** The draft differs from what shoppers see. */
  unpublished_changes: boolean;
  updated_at: string | null;
};

/** The store's draft; with none saved, the published settings. */
export async function themeDraft(staff: StaffContext): Promise<DraftView> {
  const db = await appDb();
  const [published, draft] = await Promise.all([
    findPublished(db, staff.storeId),
    findDraft(db, staff.storeId),
  ]);
  if (!published) throw storeGone();
  const current = draft ?? published;
  const w = whole(current.theme, current.variables);
  const p = whole(published.theme, published.variables);
  return {
    ...w,
    built_in_theme: presetOf(published) !== null,
    unpublished_changes: JSON.stringify(w) !== JSON.stringify(p),
    updated_at: draft ? draft.updatedAt.toISOString() : null,
  };
}

/**
 * Saves the draft. 422 `theme_not_editable` when a store on a built-in theme names more than its
 * logoSet; 422 `contrast_too_low` naming each unreadable pair. Nothing is saved when refused.
 */
export async function saveThemeDraft(
  staff: StaffContext,
  input: ThemeDraftInput,
): Promise<DraftView> {
  const db = await appDb();
  await db.transaction(async (tx) => {
    const published = await findPublished(tx, staff.storeId, true);
    if (!published) throw storeGone();
    const builtIn = presetOf(published) !== null;
    const named = Object.keys(input.theme).filter((k) => k !== 'logoSet');
    if (builtIn && named.length > 0) {
      throw new ApiError(
        422,
        'theme_not_editable',
        'This store uses a built-in theme: only its logoSet can be changed.',
        Object.fromEntries(named.map((k) => [`theme.${k}`, ['not used by a built-in theme']])),
      );
    }
    const theme = builtIn
      ? {
          ...lenientParse(themeSchema, published.theme).value,
          logoSet: logoSetSchema.parse(input.theme.logoSet ?? {}),
        }
      : themeSchema.parse(input.theme);
    const variables = variablesSchema.parse(input.variables);
    assertReadable(effectiveTheme(published, theme));
    const before = (await findDraft(tx, staff.storeId)) ?? published;
    const change = settingsChange(before, { theme, variables });
    // The same settings saved again (Publish saves first) change nothing: no write, no entry.
    if (unchanged(change)) return;
    const at = now();
    await upsertDraft(tx, {
      storeId: staff.storeId,
      theme,
      variables,
      at,
      userId: staff.account.userId,
    });
    await insertAdminAudit(tx, auditScope(staff), {
      action: 'theme.draft_saved',
      target: 'draft',
      ...change,
    });
  });
  return themeDraft(staff);
}

/** Tells this instance and the others that the store's pages must be rendered again. */
async function storeChanged(storeId: string): Promise<void> {
  const hosts = await hostsOfStore(await appDb(), storeId);
  applyStoreChange(hosts);
  announceStoreChange(hosts);
}

/**
 * Publishes the draft (or, with none saved, the published settings again): the store row takes
 * it, a new version keeps it, and the store's cached pages are rebuilt on every instance. The
 * first publish of a store also keeps the settings it replaces, as version 1. A draft that is
 * what shoppers see already makes no new version: the answer is the latest one, not `created`
 * (a second press of Publish, docs/decisions/0298); a store never published from the admin then
 * keeps what shoppers see as version 1.
 */
export async function publishTheme(
  staff: StaffContext,
): Promise<{ version: VersionView; created: boolean }> {
  const db = await appDb();
  const outcome = await db.transaction(async (tx) => {
    const published = await findPublished(tx, staff.storeId, true);
    if (!published) throw storeGone();
    const draft = (await findDraft(tx, staff.storeId)) ?? published;
    assertReadable(effectiveTheme(published, draft.theme));
    const change = settingsChange(published, draft);
    const at = now();
    // The store's first publish keeps what shoppers saw until then as version 1, so that it can
    // be restored like any other (docs/decisions/0167), whether or not the draft changes it.
    const [latest] = await listVersions(tx, staff.storeId, 1);
    const original = latest
      ? null
      : await insertVersion(tx, {
          storeId: staff.storeId,
          theme: published.theme,
          variables: published.variables,
          restoredFromId: null,
          at,
          by: BEFORE_THE_EDITOR,
        });
    // Nothing to publish: the version shoppers see answers, and nothing else is made.
    if (unchanged(change)) return { version: (latest ?? original)!, created: false };
    await updatePublished(tx, staff.storeId, { ...draft, at });
    const made = await insertVersion(tx, {
      storeId: staff.storeId,
      theme: draft.theme,
      variables: draft.variables,
      restoredFromId: null,
      at,
      by: staff.account.email,
    });
    await insertAdminAudit(tx, auditScope(staff), {
      action: 'theme.published',
      target: `version ${made.number}`,
      ...change,
    });
    return { version: made, created: true };
  });
  if (outcome.created) await storeChanged(staff.storeId);
  return { version: versionView(outcome.version), created: outcome.created };
}

/** The store's versions, newest first (the last 100). */
export async function themeVersions(staff: StaffContext): Promise<{ versions: VersionView[] }> {
  const rows = await listVersions(await appDb(), staff.storeId, 100);
  return { versions: rows.map(versionView) };
}

/**
 * Restores an earlier version (docs/decisions/0167): it is published again at once, as a new
 * version that names it, and becomes the draft too. 404 for an id of no version of this store.
 */
export async function restoreThemeVersion(
  staff: StaffContext,
  versionId: string,
): Promise<VersionView> {
  const db = await appDb();
  const version = await db.transaction(async (tx) => {
    const published = await findPublished(tx, staff.storeId, true);
    if (!published) throw storeGone();
    const old = await findVersion(tx, staff.storeId, versionId);
    if (!old) throw new ApiError(404, 'not_found', 'This store has no such theme version.');
    assertReadable(effectiveTheme(published, old.theme));
    const at = now();
    await updatePublished(tx, staff.storeId, { theme: old.theme, variables: old.variables, at });
    await upsertDraft(tx, {
      storeId: staff.storeId,
      theme: old.theme,
      variables: old.variables,
      at,
      userId: staff.account.userId,
    });
    const made = await insertVersion(tx, {
      storeId: staff.storeId,
      theme: old.theme,
      variables: old.variables,
      restoredFromId: old.id,
      at,
      by: staff.account.email,
    });
    await insertAdminAudit(tx, auditScope(staff), {
      action: 'theme.restored',
      target: `version ${old.number} as version ${made.number}`,
      ...settingsChange(published, old),
    });
    return made;
  });
  await storeChanged(staff.storeId);
  return versionView(version);
}

/**
 * The store as a staff member previews it: the draft's theme and variables over `store`, when
 * `storeId` has a draft (decision 0165). Answers null when there is none.
 */
export async function draftSettings(
  storeId: string,
): Promise<{ theme: Theme; variables: Variables } | null> {
  const db = await appDb();
  const [published, draft] = await Promise.all([
    findPublished(db, storeId),
    findDraft(db, storeId),
  ]);
  if (!published || !draft) return null;
  return {
    theme: effectiveTheme(published, draft.theme),
    variables: lenientParse(variablesSchema, draft.variables).value,
  };
}
