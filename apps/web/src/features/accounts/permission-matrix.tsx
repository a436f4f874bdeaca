import { Checkbox } from 'antd';
import { Fragment } from 'react';
import type { Catalogue } from './catalogue';
import './permission-matrix.css';

export interface PermissionMatrixProps {
  catalogue: Pick<Catalogue, 'actions' | 'areas'>;
  /** 'action:subject' keys held */
  value: Set<string>;
  onChange?: (next: Set<string>) => void;
  /** keys the current user may grant (their own); others can only be removed */
  grantable?: (key: string) => boolean;
  readOnly?: boolean;
}

const NOT_YOURS = 'Bạn không có quyền này nên không thể cấp cho vai trò khác';

/**
 * The permission matrix: subjects as rows grouped by area, actions as columns; a row's or a
 * column's checkbox selects it whole (only what the user may grant).
 */
export function PermissionMatrix({ catalogue, value, onChange, grantable = () => true, readOnly }: PermissionMatrixProps) {
  const subjects = catalogue.areas.flatMap((a) => a.subjects.map((s) => s.key));
  const actions = catalogue.actions.map((a) => a.key);
  const can = (k: string) => !readOnly && (value.has(k) || grantable(k));

  const setMany = (keys: string[], on: boolean) => {
    const next = new Set(value);
    for (const k of keys) {
      if (on && can(k)) next.add(k);
      if (!on && !readOnly) next.delete(k);
    }
    onChange?.(next);
  };
  const stateOf = (keys: string[]) => {
    const n = keys.filter((k) => value.has(k)).length;
    return { checked: n > 0 && n === keys.length, indeterminate: n > 0 && n < keys.length };
  };
  const group = (keys: string[], label: string) => {
    const st = stateOf(keys);
    return <Checkbox {...st} disabled={readOnly || !keys.some(can)} aria-label={label} onChange={(e) => setMany(keys, e.target.checked)} />;
  };

  return (
    <div className="perm-matrix" role="region" aria-label="Ma trận phân quyền">
      <table>
        <thead>
          <tr>
            <th className="perm-subject">
              <span className="perm-all">
                {group(
                  subjects.flatMap((s) => actions.map((a) => `${a}:${s}`)),
                  'Chọn tất cả quyền',
                )}
                Đối tượng
              </span>
            </th>
            {catalogue.actions.map((a) => (
              <th key={a.key}>
                <div className="perm-col-head">
                  <span>{a.label}</span>
                  {group(
                    subjects.map((s) => `${a.key}:${s}`),
                    `Chọn cả cột ${a.label}`,
                  )}
                </div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {catalogue.areas.map((area) => (
            <Fragment key={area.key}>
              <tr className="perm-area">
                <th colSpan={actions.length + 1} scope="colgroup">
                  <span className="perm-row-head">
                    {group(
                      area.subjects.flatMap((s) => actions.map((a) => `${a}:${s.key}`)),
                      `Chọn cả nhóm ${area.label}`,
                    )}
                    {area.label}
                  </span>
                </th>
              </tr>
              {area.subjects.map((s) => {
                const rowKeys = actions.map((a) => `${a}:${s.key}`);
                return (
                  <tr key={s.key}>
                    <th scope="row" className="perm-subject">
                      <span className="perm-row-head">
                        {group(rowKeys, `Chọn cả hàng ${s.label}`)}
                        {s.label}
                      </span>
                    </th>
                    {catalogue.actions.map((a) => {
                      const k = `${a.key}:${s.key}`;
                      const box = (
                        <Checkbox
                          checked={value.has(k)}
                          disabled={!can(k)}
                          aria-label={`${a.label} – ${s.label}`}
                          onChange={(e) => setMany([k], e.target.checked)}
                        />
                      );
                      // a plain title, not an antd Tooltip: a limited editor's matrix has hundreds of such cells
                      return (
                        <td key={a.key} title={!readOnly && !can(k) ? NOT_YOURS : undefined}>
                          {box}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
