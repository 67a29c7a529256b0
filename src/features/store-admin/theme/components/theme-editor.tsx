'use client';
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { ConfirmButton } from '@/components/form/confirm-button';
import formStyles from '@/components/form/form.module.css';
import { FormStatus } from '@/components/form/form-error';
import { FormError } from '@/components/form/field';
import { useFormAction } from '@/components/form/use-form-action';
import { browserApi } from '@/lib/browser-api';
import { utcMinute } from '@/lib/utc-minute';
import { FONT_FAMILIES, type Theme } from '@/features/theme/schema';
import { dayLabel, WEEKDAYS } from '@/features/tenancy/weekdays';
import type { Variables } from '@/features/tenancy/variables-schema';
import { COLOUR_LABELS, contrastProblems, MIN_CONTRAST, type ColorKey } from '../contrast';
import {
  restoredNotice,
  restoreQuestion,
  uploadRefusalText,
  type ImagePurpose,
} from '../editor-messages';
import { imageTooLargeMessage, MAX_ASSET_BYTES, MAX_ASSET_SIZE } from '../schemas';
import styles from './theme-editor.module.css';

export type EditorVersion = {
  id: string;
  number: number;
  published_at: string;
  published_by: string;
  restored_from: string | null;
};

type Draft = { theme: Theme; variables: Variables };

const COLOURS = Object.entries(COLOUR_LABELS) as [ColorKey, string][];

const TEXTS: [keyof Variables, string, boolean][] = [
  ['companyName', 'Company name', false],
  ['supportNumber', 'Support telephone', false],
  ['supportEmail', 'Support e-mail', false],
  ['supportA1', 'Address line 1', false],
  ['supportA2', 'Address line 2', false],
  ['supportCity', 'City', false],
  ['supportState', 'County or state', false],
  ['supportZip', 'Postcode', false],
  ['supportCountry', 'Country', false],
  ['timeZone', 'Time zone (e.g. Europe/London)', false],
  ['bannerText', 'Banner', true],
  ['loginText', 'Sign-in page text', true],
  ['footerText', 'Footer text', true],
  ['dualHomepageText', 'Home page text', true],
  ['gtmId', 'Google Tag Manager id', false],
  ['thirdPartyScriptUrl', 'Analytics script address (https)', false],
  ['customSnippet', 'Custom snippet', true],
];

const PAGES = [
  ['/', 'Home'],
  ['/domains/pricing', 'Domain prices'],
  ['/login', 'Sign in'],
  ['/terms', 'Terms'],
] as const;

const FONT_LABELS: Record<(typeof FONT_FAMILIES)[number], string> = {
  system: 'System',
  inter: 'Inter',
  roboto: 'Roboto',
  'open-sans': 'Open Sans',
  merriweather: 'Merriweather',
};

/** A colour `<input type=color>` can show (it knows #rrggbb only). */
const sixDigits = (hex: string) =>
  /^#[0-9a-f]{6}$/i.test(hex)
    ? hex.toLowerCase()
    : /^#[0-9a-f]{3,4}$/i.test(hex)
      ? `#${[...hex.slice(1, 4)].map((c) => c + c).join('')}`.toLowerCase()
      : hex.slice(0, 7).toLowerCase();

async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}

/**
 * The theme editor (issue 26, point 1): every setting and variable, saved as the store's draft;
 * the store's real pages in a frame show the draft to this staff member only; publish makes it
 * the shoppers' theme; any earlier version can be restored.
 */
export function ThemeEditor({
  initial,
  builtInTheme,
  initialVersions,
}: {
  initial: Draft;
  builtInTheme: boolean;
  initialVersions: EditorVersion[];
}) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [versions, setVersions] = useState(initialVersions);
  const [notice, setNotice] = useState<string | null>(null);
  const [page, setPage] = useState<string>('/');
  const [frameKey, setFrameKey] = useState(0);
  const [previewOn, setPreviewOn] = useState(false);
  const save = useFormAction('Check the settings marked below.');
  const publish = useFormAction('The draft cannot be published.');
  const upload = useFormAction('The image was not accepted.');
  // Which image the last upload was for: its refusal is shown beside that field, new for each
  // try (the same refusal twice is announced twice).
  const [uploadFor, setUploadFor] = useState<{ purpose: ImagePurpose; tried: number } | null>(null);
  const startedPreview = useRef(false);

  const problems = useMemo(() => contrastProblems(draft.theme), [draft.theme]);
  const fieldErrors = { ...save.fields, ...publish.fields };
  // A draft refused for its contrast: the list below already names each pair, so the alert says
  // what happened instead of repeating the first of them. Once the colours are fixed, the refusal
  // is old news: nothing is shown until the next save.
  const topError =
    save.code === 'contrast_too_low'
      ? problems.length > 0
        ? `Not saved: the colours listed below are hard to read. Each needs a contrast of at least ${MIN_CONTRAST}:1.`
        : null
      : (save.error ?? publish.error);

  useEffect(() => {
    if (startedPreview.current) return;
    startedPreview.current = true;
    browserApi
      .post('/admin/preview-mode')
      .then(() => setPreviewOn(true))
      .catch(() => setNotice('The preview could not be turned on: reload the page to try again.'));
  }, []);

  // An edit makes the last answer ("Draft saved", "Published") old news: it goes.
  const setTheme = <K extends keyof Theme>(key: K, value: Theme[K]) => {
    setNotice(null);
    setDraft((d) => ({ ...d, theme: { ...d.theme, [key]: value } }));
  };
  const setVariable = <K extends keyof Variables>(key: K, value: Variables[K]) => {
    setNotice(null);
    setDraft((d) => ({ ...d, variables: { ...d.variables, [key]: value } }));
  };

  // The bar of buttons stays in view as the form scrolls; a field the keyboard or a link reaches
  // stops below it, however tall its message makes it (--bar-height, read by the CSS).
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = bar.current;
    const settings = element?.parentElement;
    if (!element || !settings) return;
    const observer = new ResizeObserver(() =>
      settings.style.setProperty('--bar-height', `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const body = () => ({
    theme: builtInTheme ? { logoSet: draft.theme.logoSet } : draft.theme,
    variables: draft.variables,
  });

  async function saveDraft(): Promise<boolean> {
    setNotice(null);
    const ok = await save.run(() => browserApi.put('/api/store-admin/theme/draft', body()));
    if (ok) {
      // A refused upload changed nothing in the draft: its refusal is old news once the draft is
      // saved, and "Draft saved" is never shown beside it as if the image were part of it.
      upload.setError(null);
      setNotice('Draft saved: the preview shows it. Shoppers see it once you publish.');
      setFrameKey((k) => k + 1);
    }
    return ok;
  }

  async function publishDraft() {
    setNotice(null);
    if (!(await saveDraft())) return;
    let made: EditorVersion | null = null;
    let created = false;
    const ok = await publish.run(async () => {
      const answer = await browserApi.post('/api/store-admin/theme/publish');
      made = answer.data.data;
      created = answer.status === 201;
      // The first publish also keeps the settings it replaced as version 1 (decision 0167):
      // the list is read again rather than guessed.
      setVersions((await browserApi.get('/api/store-admin/theme/versions')).data.data.versions);
    });
    if (ok && made) {
      const version: EditorVersion = made;
      setNotice(
        created
          ? `Published as version ${version.number}: shoppers see it now.`
          : `Nothing changed since version ${version.number}: shoppers see these settings already.`,
      );
    }
  }

  async function restore(v: EditorVersion) {
    setNotice(null);
    let made: EditorVersion | null = null;
    const ok = await publish.run(async () => {
      made = (await browserApi.post(`/api/store-admin/theme/versions/${v.id}/restore`)).data.data;
      const fresh = (await browserApi.get('/api/store-admin/theme/draft')).data.data;
      setDraft({ theme: fresh.theme, variables: fresh.variables });
    });
    if (ok && made) {
      const version: EditorVersion = made;
      setVersions((list) => [version, ...list]);
      setFrameKey((k) => k + 1);
      setNotice(restoredNotice(v.number, version.number));
    }
  }

  async function uploadImage(event: ChangeEvent<HTMLInputElement>, purpose: ImagePurpose) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    // Whatever comes of it, the last answer ("Draft saved") is not about this image.
    setNotice(null);
    setUploadFor((last) => ({ purpose, tried: (last?.tried ?? 0) + 1 }));
    // Too large: said at once, in KB, and nothing is sent (the server says the same).
    if (file.size > MAX_ASSET_BYTES) {
      upload.refuse(imageTooLargeMessage(purpose, file.size));
      input.value = '';
      return;
    }
    let url = '';
    const ok = await upload.run(async () => {
      const content_base64 = await base64Of(file);
      url = (await browserApi.post('/api/store-admin/assets', { purpose, content_base64 })).data
        .data.url;
    });
    if (ok) {
      setTheme('logoSet', {
        ...draft.theme.logoSet,
        ...(purpose === 'logo' ? { primary: url } : { icon: url }),
      });
      setNotice(`The ${purpose} is uploaded: save the draft to preview it.`);
    } else {
      // The field does not keep showing a file that was not taken.
      input.value = '';
    }
  }

  /** An image's field, with the refusal of its last upload beside it. */
  const imageField = (purpose: ImagePurpose, label: string) => {
    const refused = uploadFor?.purpose === purpose ? uploadRefusalText(purpose, upload) : null;
    return (
      <div className={styles.label}>
        <label htmlFor={`${purpose}-file`}>
          {label} (PNG, WebP or SVG, up to {MAX_ASSET_SIZE})
        </label>
        <input
          id={`${purpose}-file`}
          type="file"
          accept="image/png,image/webp,image/svg+xml"
          aria-invalid={refused ? true : undefined}
          aria-describedby={refused ? `${purpose}-file-error` : undefined}
          onChange={(e) => uploadImage(e, purpose)}
        />
        {refused ? (
          <span
            key={uploadFor?.tried}
            id={`${purpose}-file-error`}
            role="alert"
            className={formStyles.fieldError}
          >
            {refused}
          </span>
        ) : null}
      </div>
    );
  };

  const errorsOf = (key: string) => fieldErrors[key];
  /** The errors of a setting and of its parts (`theme.backgroundTile.size`), or undefined. */
  const errorsUnder = (prefix: string) => {
    const found = Object.entries(fieldErrors)
      .filter(([k]) => k === prefix || k.startsWith(`${prefix}.`))
      .flatMap(([, v]) => v);
    return found.length > 0 ? found : undefined;
  };
  /** An input's refusal, beside it and read with it (`aria-describedby`). */
  const invalid = (prefix: string, id: string) =>
    errorsUnder(prefix) ? { 'aria-invalid': true, 'aria-describedby': id } : {};
  const refusal = (prefix: string, id: string) => {
    const errors = errorsUnder(prefix);
    return errors ? (
      <span id={id} className={formStyles.fieldError}>
        {errors.join(' ')}
      </span>
    ) : null;
  };

  return (
    <div className={styles.layout}>
      <div className={styles.settings}>
        {/* Kept in view while the long form scrolls: the buttons and what they answered. */}
        <div className={styles.actions} ref={bar}>
          <div className={styles.buttons}>
            <button
              type="button"
              className={formStyles.secondary}
              disabled={save.waiting}
              onClick={saveDraft}
            >
              Save draft
            </button>
            <button
              type="button"
              className={formStyles.button}
              disabled={publish.waiting || save.waiting}
              onClick={publishDraft}
            >
              Publish
            </button>
            {/* On a narrow screen the preview comes after the whole form. */}
            <a className={styles.toPreview} href="#preview">
              See the preview
            </a>
          </div>
          <FormStatus message={notice} />
          <FormError message={topError} />
        </div>
        {problems.length > 0 ? (
          <ul className={styles.problems} aria-label="Colours that are hard to read">
            {problems.map((p) => (
              <li key={`${p.field}-${p.with}`}>
                <a href={`#c-${p.field}`}>
                  {COLOUR_LABELS[p.field]} on {COLOUR_LABELS[p.with]}
                </a>
                : {p.ratio}:1, needs {MIN_CONTRAST}:1
              </li>
            ))}
          </ul>
        ) : null}

        {builtInTheme ? (
          <p>
            This store uses a built-in theme: its colours and fonts are fixed; the logo is yours.
          </p>
        ) : (
          <>
            <fieldset>
              <legend>Colours</legend>
              {COLOURS.map(([key, label]) => (
                <div className={styles.colour} key={key}>
                  <label htmlFor={`c-${key}`}>{label}</label>
                  <input
                    type="color"
                    aria-label={`${label}, picker`}
                    value={sixDigits(draft.theme[key])}
                    onChange={(e) => setTheme(key, e.currentTarget.value)}
                  />
                  <input
                    id={`c-${key}`}
                    type="text"
                    value={draft.theme[key]}
                    spellCheck={false}
                    aria-invalid={errorsOf(`theme.${key}`) ? true : undefined}
                    aria-describedby={errorsOf(`theme.${key}`) ? `c-${key}-error` : undefined}
                    onChange={(e) => setTheme(key, e.currentTarget.value)}
                  />
                  {errorsOf(`theme.${key}`) ? (
                    <p id={`c-${key}-error`} className={formStyles.fieldError}>
                      {label}: {errorsOf(`theme.${key}`)!.join(' ')}
                    </p>
                  ) : null}
                </div>
              ))}
            </fieldset>
            <fieldset>
              <legend>Type and shapes</legend>
              {(['primaryFontFamily', 'headingFontFamily'] as const).map((key) => (
                <label className={styles.label} key={key}>
                  {key === 'primaryFontFamily' ? 'Text font' : 'Heading font'}
                  <select
                    className={styles.select}
                    value={draft.theme[key]}
                    onChange={(e) => setTheme(key, e.currentTarget.value as Theme[typeof key])}
                  >
                    {FONT_FAMILIES.map((f) => (
                      <option key={f} value={f}>
                        {FONT_LABELS[f]}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
              <label className={styles.label}>
                Button corner radius (px)
                <input
                  className={styles.input}
                  type="number"
                  min={0}
                  max={48}
                  value={draft.theme.buttonBorderRadius}
                  onChange={(e) => setTheme('buttonBorderRadius', Number(e.currentTarget.value))}
                  {...invalid('theme.buttonBorderRadius', 'radius-error')}
                />
                {refusal('theme.buttonBorderRadius', 'radius-error')}
              </label>
              <label className={styles.label}>
                Tiled page background (site path or https address)
                <input
                  className={styles.input}
                  type="text"
                  value={draft.theme.backgroundTile.image ?? ''}
                  onChange={(e) =>
                    setTheme('backgroundTile', {
                      ...draft.theme.backgroundTile,
                      image: e.currentTarget.value || null,
                    })
                  }
                  {...invalid('theme.backgroundTile.image', 'tile-image-error')}
                />
                {refusal('theme.backgroundTile.image', 'tile-image-error')}
              </label>
              <label className={styles.label}>
                Tile size (px)
                <input
                  className={styles.input}
                  type="number"
                  min={8}
                  max={1024}
                  value={draft.theme.backgroundTile.size}
                  onChange={(e) =>
                    setTheme('backgroundTile', {
                      ...draft.theme.backgroundTile,
                      size: Number(e.currentTarget.value),
                    })
                  }
                  {...invalid('theme.backgroundTile.size', 'tile-size-error')}
                />
                {refusal('theme.backgroundTile.size', 'tile-size-error')}
              </label>
            </fieldset>
          </>
        )}

        <fieldset>
          <legend>Logo and favicon</legend>
          {imageField('logo', 'Logo')}
          {imageField('favicon', 'Favicon')}
          <label className={styles.label}>
            Logo text for screen readers
            <input
              className={styles.input}
              type="text"
              value={draft.theme.logoSet.alt}
              onChange={(e) =>
                setTheme('logoSet', { ...draft.theme.logoSet, alt: e.currentTarget.value })
              }
              {...invalid('theme.logoSet', 'logo-error')}
            />
            {refusal('theme.logoSet', 'logo-error')}
          </label>
        </fieldset>

        <fieldset>
          <legend>Texts and details</legend>
          {TEXTS.map(([key, label, long]) => (
            <label className={styles.label} key={key}>
              {label}
              {long ? (
                <textarea
                  className={styles.textarea}
                  name={key}
                  value={String(draft.variables[key] ?? '')}
                  aria-invalid={errorsOf(`variables.${key}`) ? true : undefined}
                  onChange={(e) => setVariable(key, e.currentTarget.value as never)}
                />
              ) : (
                <input
                  className={styles.input}
                  type="text"
                  name={key}
                  value={String(draft.variables[key] ?? '')}
                  aria-invalid={errorsOf(`variables.${key}`) ? true : undefined}
                  onChange={(e) => setVariable(key, e.currentTarget.value as never)}
                />
              )}
              {errorsOf(`variables.${key}`) ? (
                <span className={formStyles.fieldError}>
                  {errorsOf(`variables.${key}`)!.join(' ')}
                </span>
              ) : null}
            </label>
          ))}
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={draft.variables.gtmEnabled}
              onChange={(e) => setVariable('gtmEnabled', e.currentTarget.checked)}
            />
            Tag Manager on
          </label>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={draft.variables.thirdPartyScriptEnabled}
              onChange={(e) => setVariable('thirdPartyScriptEnabled', e.currentTarget.checked)}
            />
            Analytics script on
          </label>
          <label className={styles.label}>
            Home page leads with
            <select
              className={styles.select}
              value={draft.variables.homeLeadsWith}
              onChange={(e) =>
                setVariable('homeLeadsWith', e.currentTarget.value as Variables['homeLeadsWith'])
              }
            >
              <option value="domains">Domain search</option>
              <option value="numbers">Phone numbers</option>
            </select>
          </label>
        </fieldset>

        <fieldset>
          <legend>Opening hours (empty: closed)</legend>
          {WEEKDAYS.map((day) => {
            const hours = draft.variables.openingHours[day];
            const set = (part: 'openTime' | 'closedTime', value: string) => {
              const next = { openTime: hours?.openTime ?? '', closedTime: hours?.closedTime ?? '' };
              next[part] = value;
              setVariable('openingHours', {
                ...draft.variables.openingHours,
                [day]: next.openTime || next.closedTime ? next : null,
              });
            };
            return (
              <div className={styles.hours} key={day}>
                <label className={styles.label}>
                  {dayLabel(day)} opens
                  <input
                    className={styles.input}
                    type="time"
                    value={hours?.openTime ?? ''}
                    onChange={(e) => set('openTime', e.currentTarget.value)}
                  />
                </label>
                <label className={styles.label}>
                  {dayLabel(day)} closes
                  <input
                    className={styles.input}
                    type="time"
                    value={hours?.closedTime ?? ''}
                    onChange={(e) => set('closedTime', e.currentTarget.value)}
                    {...invalid(`variables.openingHours.${day}`, `hours-${day}-error`)}
                  />
                  {refusal(`variables.openingHours.${day}`, `hours-${day}-error`)}
                </label>
              </div>
            );
          })}
        </fieldset>

        <fieldset>
          <legend>Domain page modules</legend>
          {draft.variables.domainModules.map((m, i) => (
            <div key={i} className={styles.settings}>
              <label className={styles.label}>
                Module {i + 1} title
                <input
                  className={styles.input}
                  type="text"
                  value={m.title}
                  onChange={(e) => {
                    const list = [...draft.variables.domainModules];
                    list[i] = { ...m, title: e.currentTarget.value };
                    setVariable('domainModules', list);
                  }}
                />
              </label>
              <label className={styles.label}>
                Module {i + 1} text
                <textarea
                  className={styles.textarea}
                  value={m.content}
                  onChange={(e) => {
                    const list = [...draft.variables.domainModules];
                    list[i] = { ...m, content: e.currentTarget.value };
                    setVariable('domainModules', list);
                  }}
                />
              </label>
              <button
                type="button"
                className={formStyles.secondary}
                onClick={() =>
                  setVariable(
                    'domainModules',
                    draft.variables.domainModules.filter((_, j) => j !== i),
                  )
                }
              >
                Remove module {i + 1}
              </button>
            </div>
          ))}
          <button
            type="button"
            className={formStyles.secondary}
            disabled={draft.variables.domainModules.length >= 12}
            onClick={() =>
              setVariable('domainModules', [
                ...draft.variables.domainModules,
                { title: 'New module', content: '' },
              ])
            }
          >
            Add a module
          </button>
        </fieldset>

        <h2 id="versions-title">Published versions</h2>
        {versions.length === 0 ? (
          <p>Nothing published from the admin yet.</p>
        ) : (
          <ul className={styles.versions} aria-labelledby="versions-title">
            {versions.map((v, i) => (
              <li key={v.id}>
                <span>
                  Version {v.number}, {utcMinute(v.published_at)}, by {v.published_by}
                  {i === 0 ? ' (live)' : ''}
                </span>
                {i === 0 ? null : (
                  <ConfirmButton
                    label={`Restore version ${v.number}`}
                    name=""
                    question={restoreQuestion(v.number)}
                    confirm="Yes, restore"
                    disabled={publish.waiting}
                    onConfirm={() => restore(v)}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </div>

      <section id="preview" className={styles.preview} aria-labelledby="preview-title">
        <h2 id="preview-title">Preview (only you see the draft)</h2>
        <label className={styles.label}>
          Page
          <select
            className={styles.select}
            value={page}
            onChange={(e) => setPage(e.currentTarget.value)}
          >
            {PAGES.map(([path, label]) => (
              <option key={path} value={path}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {previewOn ? (
          <iframe
            key={`${page}-${frameKey}`}
            className={styles.frame}
            title="Preview of the store with the draft"
            src={`/admin/preview${page === '/' ? '' : page}`}
          />
        ) : (
          <p>Turning the preview on…</p>
        )}
      </section>
    </div>
  );
}
