import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { CERTIFICATIONS } from '@nns/shared/producers';
import { resources } from '@nns/shared/registry';
import { Breadcrumb, Button, Layout, Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useMatches, useNavigate } from 'react-router-dom';
import { useRealtime } from '../../core/realtime';
import { registerJsonShape } from '../../core/resource/json-shapes';
import { useSession } from '../../core/session';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { AntdRoot } from '../antd-root';
import { LoadingOverlay, preloadFeedback } from '../feedback';
import { RequireAuth } from '../guards';
import { AREA_ICONS } from './area-icons';
import { buildCrumbs } from './breadcrumbs';
import { lazyJsonShape } from './lazy-json-shape';
import { buildMenu, EXTRA_ENTRIES, type MenuSource, selectedKey } from './menu';
import { UserMenu } from './user-menu';

// editors of the JSON shapes features own, for the generic resource screens (core/resource/json-shapes.ts);
// fetched when a screen first shows one, so the first admin screen does not carry their date picker and selects
registerJsonShape(
  CERTIFICATIONS,
  lazyJsonShape(() => import('../../features/producers/certifications').then((m) => ({ Input: m.CertificationsInput, View: m.CertificationsView }))),
);

const SOURCES: MenuSource[] = [...resources, ...EXTRA_ENTRIES];
const { Sider, Header, Content } = Layout;

function Shell() {
  const { can } = useSession();
  const location = useLocation();
  const matches = useMatches();
  const navigate = useNavigate();
  const [collapsed, setCollapsed] = useState(false);
  useEffect(preloadFeedback, []);
  useRealtime();
  const groups = useMemo(() => buildMenu(SOURCES, can), [can]);
  const sel = selectedKey(groups, location.pathname);
  const [open, setOpen] = useState<string[]>(sel.group ? [sel.group] : []);
  // arriving in another area (breadcrumb, link, back button) opens its group
  useEffect(() => {
    if (sel.group) setOpen((o) => (o.includes(sel.group as string) ? o : [...o, sel.group as string]));
  }, [sel.group]);

  const items: MenuProps['items'] = [
    { key: '/admin/home', icon: AREA_ICONS.home, label: 'Tổng quan' },
    ...groups.map((g) => ({
      key: g.key,
      icon: AREA_ICONS[g.key.slice(5)],
      label: g.label,
      children: g.children.map((c) => ({ key: c.key, label: c.label })),
    })),
  ];
  const crumbs = buildCrumbs(location.pathname, matches, SOURCES);
  const selected = location.pathname.startsWith('/admin/home') ? '/admin/home' : sel.key;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Sider
        width={288}
        collapsible
        collapsed={collapsed}
        trigger={null}
        breakpoint="lg"
        onBreakpoint={setCollapsed}
        style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
      >
        <Link to="/admin/home" className="brand" aria-label="Nông nghiệp số – Trang chủ">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          {!collapsed && (
            <span>
              <strong>Nông nghiệp số</strong>
              <small>Trang quản trị</small>
            </span>
          )}
        </Link>
        <Menu
          theme="dark"
          mode="inline"
          items={items}
          selectedKeys={selected ? [selected] : []}
          openKeys={collapsed ? undefined : open}
          onOpenChange={setOpen}
          onClick={(e) => navigate(e.key)}
          aria-label="Menu chính"
        />
      </Sider>
      <Layout>
        <Header style={{ display: 'flex', alignItems: 'center', gap: 12, position: 'sticky', top: 0, zIndex: 10, boxShadow: '0 1px 4px rgba(0,21,41,.08)' }}>
          <Button
            type="text"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => setCollapsed(!collapsed)}
            aria-label={collapsed ? 'Mở rộng menu' : 'Thu gọn menu'}
          />
          <Breadcrumb
            className="shell-crumbs"
            style={{ flex: 1, minWidth: 0 }}
            items={crumbs.map((c) => ({ title: c.href ? <Link to={c.href}>{c.title}</Link> : c.title }))}
          />
          <NotificationBell />
          <UserMenu />
        </Header>
        <Content style={{ padding: 20 }}>
          <Outlet />
        </Content>
      </Layout>
    </Layout>
  );
}

/** The guarded admin shell (spec §2): sider menu by area, header with the user, breadcrumbs. */
export default function AdminLayout() {
  return (
    <RequireAuth fallback={<LoadingOverlay force />}>
      <AntdRoot>
        <Shell />
      </AntdRoot>
    </RequireAuth>
  );
}
