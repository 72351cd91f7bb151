import * as Icons from '@ant-design/icons';
import type { ComponentType } from 'react';

/** The icons the menu tree names; each read by its name here, so only these reach the bundle. */
const ICONS: Record<string, ComponentType> = {
  AlertOutlined: Icons.AlertOutlined,
  ApartmentOutlined: Icons.ApartmentOutlined,
  AppstoreOutlined: Icons.AppstoreOutlined,
  AuditOutlined: Icons.AuditOutlined,
  BarChartOutlined: Icons.BarChartOutlined,
  BellOutlined: Icons.BellOutlined,
  CloudUploadOutlined: Icons.CloudUploadOutlined,
  ControlOutlined: Icons.ControlOutlined,
  DashboardOutlined: Icons.DashboardOutlined,
  DollarOutlined: Icons.DollarOutlined,
  EnvironmentOutlined: Icons.EnvironmentOutlined,
  GlobalOutlined: Icons.GlobalOutlined,
  HistoryOutlined: Icons.HistoryOutlined,
  InboxOutlined: Icons.InboxOutlined,
  LineChartOutlined: Icons.LineChartOutlined,
  NotificationOutlined: Icons.NotificationOutlined,
  ProfileOutlined: Icons.ProfileOutlined,
  SafetyOutlined: Icons.SafetyOutlined,
  SettingOutlined: Icons.SettingOutlined,
  ShoppingOutlined: Icons.ShoppingOutlined,
  TagsOutlined: Icons.TagsOutlined,
  TeamOutlined: Icons.TeamOutlined,
  ThunderboltOutlined: Icons.ThunderboltOutlined,
  UserOutlined: Icons.UserOutlined,
};

/** The icon the menu tree names (loaded by MenuIcon, in a chunk of its own). */
export default function MenuIconOf({ name }: { name: string }) {
  const Icon = ICONS[name] ?? Icons.AppstoreOutlined;
  return <Icon />;
}
