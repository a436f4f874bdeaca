import {
  AppstoreOutlined,
  BarcodeOutlined,
  CloudDownloadOutlined,
  CloudOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  GlobalOutlined,
  HomeOutlined,
  ReadOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

export const AREA_ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  accounts: <TeamOutlined />,
  producers: <ShopOutlined />,
  culture: <ExperimentOutlined />,
  origin: <BarcodeOutlined />,
  content: <ReadOutlined />,
  agricultural: <AppstoreOutlined />,
  catalog: <UnorderedListOutlined />,
  areas: <GlobalOutlined />,
  monitoring: <CloudOutlined />,
  discharge: <FileTextOutlined />,
  system: <SettingOutlined />,
};

/** Icons of the menu's top entries (MenuSource.icon), by what they show rather than by feature. */
export const ENTRY_ICONS: Record<string, ReactNode> = {
  downloads: <CloudDownloadOutlined />,
};
