import React, { useId, useState, type ReactNode } from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import TableRegion from '@site/src/components/TableRegion';
import {
  genderLabels,
  languageLabels,
  presetVoices,
  voiceScenarios,
  type PresetVoice,
  type VoiceGender,
  type VoiceLanguage,
  type VoiceScenario,
} from '@site/src/data/voices';
import styles from './VoiceCatalogue.module.css';

interface Filters {
  language: VoiceLanguage | '';
  gender: VoiceGender | '';
  style: string;
  scenario: VoiceScenario | '';
}

const noFilters: Filters = { language: '', gender: '', style: '', scenario: '' };

/** Options in the order of the label maps, limited to values some voice actually has. */
const languages = (Object.keys(languageLabels) as VoiceLanguage[]).filter((l) =>
  presetVoices.some((v) => v.language === l),
);
const genders = (Object.keys(genderLabels) as VoiceGender[]).filter((g) =>
  presetVoices.some((v) => v.gender === g),
);
const voiceStyles = [...new Set(presetVoices.map((v) => v.style))];
const scenarios = voiceScenarios.filter((s) => presetVoices.some((v) => v.scenarios.includes(s)));

function matches(v: PresetVoice, f: Filters): boolean {
  return (
    (f.language === '' || v.language === f.language) &&
    (f.gender === '' || v.gender === f.gender) &&
    (f.style === '' || v.style === f.style) &&
    (f.scenario === '' || v.scenarios.includes(f.scenario))
  );
}

interface FilterSelectProps {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}

function FilterSelect({ label, value, options, onChange }: FilterSelectProps): ReactNode {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">全部</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The catalogue's columns, in order; each cell repeats its column's name for the cards. */
const columns = ['voice_id', '名称', '语言', '性别', '风格', '适用场景', '说明'] as const;

function Cell({
  column,
  lang,
  children,
}: {
  column: (typeof columns)[number];
  lang?: string;
  children: ReactNode;
}): ReactNode {
  return (
    <td data-label={column} role="cell">
      <span lang={lang}>{children}</span>
    </td>
  );
}

/**
 * The preset voice catalogue of `src/data/voices.ts`. Every row is rendered on the server, so
 * the page works as a plain table without JavaScript; the filters appear only after hydration.
 * Where the catalogue is narrower than 600 px (a phone), each voice is a card of labelled fields
 * instead of a row, as every table of three or more columns is (src/css/custom.css); the cells
 * label themselves, as TableRegion cannot see into `Cell`.
 */
export default function VoiceCatalogue(): ReactNode {
  const isBrowser = useIsBrowser();
  const [filters, setFilters] = useState<Filters>(noFilters);
  const set =
    <K extends keyof Filters>(key: K) =>
    (value: string) =>
      setFilters((f) => ({ ...f, [key]: value as Filters[K] }));

  const active = isBrowser ? filters : noFilters;
  const shown = presetVoices.filter((v) => matches(v, active));
  const filtered = Object.values(active).some((x) => x !== '');

  return (
    <div className={styles.catalogue} data-component="voice-catalogue">
      {isBrowser && (
        <div className={styles.toolbar} role="search" aria-label="筛选预置音色">
          <FilterSelect
            label="语言"
            value={filters.language}
            options={languages.map((l) => ({ value: l, label: languageLabels[l] }))}
            onChange={set('language')}
          />
          <FilterSelect
            label="性别"
            value={filters.gender}
            options={genders.map((g) => ({ value: g, label: genderLabels[g] }))}
            onChange={set('gender')}
          />
          <FilterSelect
            label="风格"
            value={filters.style}
            options={voiceStyles.map((s) => ({ value: s, label: s }))}
            onChange={set('style')}
          />
          <FilterSelect
            label="适用场景"
            value={filters.scenario}
            options={scenarios.map((s) => ({ value: s, label: s }))}
            onChange={set('scenario')}
          />
          <button
            type="button"
            className={`button button--secondary button--sm ${styles.clear}`}
            onClick={() => setFilters(noFilters)}
            disabled={!filtered}
          >
            清除筛选
          </button>
          <p className={styles.count} role="status" aria-live="polite" aria-atomic="true">
            {filtered
              ? `显示 ${shown.length} 个音色（共 ${presetVoices.length} 个）`
              : `共 ${presetVoices.length} 个音色`}
          </p>
        </div>
      )}
      <TableRegion label="预置音色表">
        {/* The roles repeat the elements' own: on a narrow screen the rows are laid out as
            cards (display: block), which some browsers take for a reason to drop them. */}
        <table className={styles.table} data-table="voices" role="table">
          <thead role="rowgroup">
            <tr role="row">
              {columns.map((c) => (
                <th key={c} scope="col" role="columnheader">
                  {c === 'voice_id' ? <code>{c}</code> : c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {shown.map((v) => (
              <tr key={v.voiceId} data-voice={v.voiceId} role="row">
                <Cell column="voice_id">
                  <code>{v.voiceId}</code>
                </Cell>
                <Cell
                  column="名称"
                  lang={v.language === 'zh' || v.language === 'yue' ? undefined : v.language}
                >
                  {v.name}
                </Cell>
                <Cell column="语言">{languageLabels[v.language]}</Cell>
                <Cell column="性别">{genderLabels[v.gender]}</Cell>
                <Cell column="风格">{v.style}</Cell>
                <Cell column="适用场景">{v.scenarios.join('、')}</Cell>
                <Cell column="说明">{v.description}</Cell>
              </tr>
            ))}
            {shown.length === 0 && (
              <tr role="row">
                <td colSpan={columns.length} className={styles.empty} role="cell">
                  没有符合全部条件的音色。放宽一个条件，或点击“清除筛选”。
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </TableRegion>
    </div>
  );
}
