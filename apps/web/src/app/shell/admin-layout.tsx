import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { resourceIndex } from '@nns/shared/resource-index.gen';
import { Breadcrumb, Button, Layout, Menu, type MenuProps } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useMatches } from 'react-router-dom';
import { LoadingOverlay, preloadFeedback } from '../../core/feedback';
import { RequireAuth } from '../../core/guards';
import { useRealtime } from '../../core/realtime';
import { useIsPhone } from '../../core/responsive';
import { useSession } from '../../core/session';
import { AntdRoot } from '../antd-root';
import { featureHeaderItems, featureMenu } from '../feature';
import { AREA_ICONS, ENTRY_ICONS } from './area-icons';
import { buildCrumbs } from './breadcrumbs';
import { buildMenu, buildTopEntries, type MenuGroup, type MenuLeaf, type MenuSource, selectedKey } from './menu';
import { UserMenu } from './user-menu';

const { Sider, Header, Content } = Layout;
// antd's Drawer is fetched only on a phone
const PhoneDrawer = lazy(() => import('./phone-drawer'));

/** The menu's items: each entry's label is a real link, so 'open in a new tab' works. */
export function menuItems(groups: MenuGroup[], top: MenuLeaf[] = []): MenuProps['items'] {
  return [
    { key: '/admin/home', icon: AREA_ICONS.home, label: <Link to="/admin/home">Tổng quan</Link> },
    ...top.map((t) => ({ key: t.key, icon: t.icon ? ENTRY_ICONS[t.icon] : undefined, label: <Link to={t.key}>{t.label}</Link> })),
    ...groups.map((g) => ({
      key: g.key,
      icon: AREA_ICONS[g.key.slice(5)],
      label: g.label,
      children: g.children.map((c) => ({ key: c.key, label: <Link to={c.key}>{c.label}</Link> })),
    })),
  ];
}

function Brand({ collapsed }: { collapsed?: boolean }) {
  return (
    <Link to="/admin/home" className="brand" aria-label="Nông nghiệp số – Trang chủ">
      <img src="/favicon.svg" alt="" width={32} height={32} />
      {!collapsed && (
        <span>
          <strong>Nông nghiệp số</strong>
          <small>Trang quản trị</small>
        </span>
      )}
    </Link>
  );
}

function Shell() {
  const { can } = useSession();
  const location = useLocation();
  const matches = useMatches();
  const phone = useIsPhone();
  const [collapsed, setCollapsed] = useState(false);
  const [drawer, setDrawer] = useState(false);
  useEffect(preloadFeedback, []);
  useRealtime();
  // a resource without a list screen of its own (its list is another screen's part: a work's flows) has no menu entry;
  // the resource index, not the declarations: their fields and schemas stay out of the first admin download
  const sources = useMemo<MenuSource[]>(() => [...resourceIndex.filter((r) => !r.config.custom?.list), ...featureMenu()], []);
  const headerItems = useMemo(featureHeaderItems, []);
  const groups = useMemo(() => buildMenu(sources, can), [can, sources]);
  const top = useMemo(() => buildTopEntries(sources, can), [can, sources]);
  const sel = selectedKey(groups, location.pathname, top);
  const [open, setOpen] = useState<string[]>(sel.group ? [sel.group] : []);
  // arriving in another area (breadcrumb, link, back button) opens its group
  useEffect(() => {
    if (sel.group) setOpen((o) => (o.includes(sel.group as string) ? o : [...o, sel.group as string]));
  }, [sel.group]);
  // the phone's drawer closes once a screen is chosen (and whenever the page changes under it)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new location
  useEffect(() => setDrawer(false), [location.pathname, location.search]);

  const crumbs = buildCrumbs(location.pathname, matches, sources);
  const selected = location.pathname.startsWith('/admin/home') ? '/admin/home' : sel.key;
  const menu = (inDrawer: boolean) => (
    <Menu
      theme="dark"
      mode="inline"
      items={menuItems(groups, top)}
      selectedKeys={selected ? [selected] : []}
      openKeys={collapsed && !inDrawer ? undefined : open}
      onOpenChange={setOpen}
      onClick={() => setDrawer(false)}
      aria-label="Menu chính"
    />
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {!phone && (
        <Sider
          width={288}
          collapsible
          collapsed={collapsed}
          trigger={null}
          breakpoint="lg"
          onBreakpoint={setCollapsed}
          style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
        >
          <Brand collapsed={collapsed} />
          {menu(false)}
        </Sider>
      )}
      {phone && (
        <Suspense fallback={null}>
          <PhoneDrawer open={drawer} onClose={() => setDrawer(false)} brand={<Brand />}>
            {menu(true)}
          </PhoneDrawer>
        </Suspense>
      )}
      <Layout style={{ minWidth: 0 }}>
        <Header className="shell-header">
          {phone ? (
            <Button type="text" icon={<MenuOutlined />} onClick={() => setDrawer(true)} aria-label="Mở menu" aria-expanded={drawer} data-testid="menu-toggle" />
          ) : (
            <Button
              type="text"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setCollapsed(!collapsed)}
              aria-label={collapsed ? 'Mở rộng menu' : 'Thu gọn menu'}
            />
          )}
          <Breadcrumb
            className="shell-crumbs"
            style={{ flex: 1, minWidth: 0 }}
            items={crumbs.map((c) => ({ title: c.href ? <Link to={c.href}>{c.title}</Link> : c.title }))}
          />
          {headerItems.map((Item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list made once
            <Suspense key={i} fallback={null}>
              <Item />
            </Suspense>
          ))}
          <UserMenu />
        </Header>
        <Content className="shell-content">
          <Outlet />
        </Content>
      </Layout>
    </Layout>
  );
}

/** The guarded admin shell (spec §2): sider menu by area (a drawer on phones), header with the user, breadcrumbs. */
export default function AdminLayout() {
  return (
    <RequireAuth fallback={<LoadingOverlay force />}>
      <AntdRoot>
        <Shell />
      </AntdRoot>
    </RequireAuth>
  );
}
