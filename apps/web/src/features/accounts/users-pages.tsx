import type { ResourceDef } from '@nns/shared';
import adminDef from '@nns/shared/resources/administrative';
import usersDef from '@nns/shared/resources/users';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import './accounts.css';
import { ResourceDetail, ResourceList, type Row } from '../../core/resource';
import { useSession } from '../../core/session';
import { LockButton, ResetPasswordButton, StatusSwitch } from './account-actions';

/** Columns kept in the export (and the filters) but left off the screen, so the list fits 1366 px without scrolling. */
const OFF_SCREEN: Record<string, string[]> = { users: ['email', 'phone', 'is_highlight'], administrative: ['phone', 'is_highlight'] };

const NARROW = ['position', 'province_id', 'ward_id', 'role_id'];
const cellTitle = (row: Row, key: string) => {
  const v = row[key.replace(/_id$/, '')] ?? row[key];
  return v && typeof v === 'object' ? String((v as { name?: unknown }).name ?? '') : String(v ?? '');
};

/** The generic list with the status column as a lock switch (reset password is on the detail screen). */
function AccountList({ def }: { def: ResourceDef }) {
  const { can, user } = useSession();
  const editable = can('update', def.subject) && (def.name === 'users' || can('update', 'users'));
  return (
    <ResourceList
      def={def}
      columns={(cols) =>
        cols
          .filter((c) => !OFF_SCREEN[def.name]?.includes(String(c.key)))
          .map((c) => {
            if (c.key === 'status') {
              return {
                ...c,
                render: (_v: unknown, row: Row) => (
                  <StatusSwitch
                    def={def}
                    row={row as Row & { id: unknown }}
                    editable={editable && !(def.name === 'users' && String(row.id) === String(user?.id))}
                  />
                ),
              };
            }
            if (c.key === 'last_login_at' && 'render' in c && c.render) {
              const inner = c.render;
              return {
                ...c,
                render: (v: unknown, row: Row, i: number) =>
                  row.last_login_at ? inner(v, row, i) : <Typography.Text type="secondary">Chưa đăng nhập</Typography.Text>,
              };
            }
            // long names (ward, position, role) are cut narrower than the generic list's with '…', whole on hover;
            // the plain text is cut here (cutting the generic cell would clip a letter without the '…')
            if (!NARROW.includes(String(c.key)) || !('render' in c) || !c.render) return c;
            const inner = c.render;
            return {
              ...c,
              render: (v: unknown, row: Row, i: number) => {
                const text = cellTitle(row, String(c.key));
                return text ? (
                  <span className="account-cell-cut" title={text}>
                    {text}
                  </span>
                ) : (
                  (inner(v, row, i) as ReactNode)
                );
              },
            };
          })
      }
    />
  );
}

function AccountDetail({ def }: { def: ResourceDef }) {
  const { id = '' } = useParams();
  const { can, user } = useSession();
  return (
    <ResourceDetail
      key={id}
      def={def}
      id={id}
      extra={(entry) =>
        can('update', def.subject) && !(def.name === 'users' && String(entry.id) === String(user?.id)) ? (
          <>
            <ResetPasswordButton def={def} row={entry as Row & { id: unknown }} />
            {(def.name === 'users' || can('update', 'users')) && <LockButton def={def} row={entry as Row & { id: unknown }} />}
          </>
        ) : null
      }
    />
  );
}

export const UsersListPage = () => <AccountList def={usersDef} />;
export const UserDetailPage = () => <AccountDetail def={usersDef} />;
export const AdministrativeListPage = () => <AccountList def={adminDef} />;
export const AdministrativeDetailPage = () => <AccountDetail def={adminDef} />;
