import {
  Activity, Archive, Bell, Briefcase, Building2, Calendar, ChartColumn, ChevronDown, CircleDot, CircleHelp, ClipboardList, Cloud, FileChartColumn,
  FlaskConical, Folder, Gauge, History, House, IdCard, Key, LayoutGrid, Lightbulb, List, LogOut, Mail, Menu, MessageSquare, MessageSquareText, Moon,
  Newspaper, PanelLeftClose, PanelLeftOpen, Phone, Pin, Plug, Scale, Search, Server, Settings, Shield, Sparkles, Tag, TriangleAlert, User, Users, Video,
  Wallet, Workflow, X, type LucideIcon,
} from 'lucide-react';

/**
 * The menu's icon names (spec §3 "Menu node": icon) and the shell's own glyphs, drawn with
 * lucide-react. An unknown name falls back to a neutral dot, so a menu item is never without one
 * (spec §2 "When closed it shows icons only").
 */
const ICONS: Record<string, LucideIcon> = {
  home: House, cloud: Cloud, key: Key, server: Server, chart: ChartColumn, calendar: Calendar, 'id-card': IdCard, shield: Shield, alert: TriangleAlert,
  bell: Bell, plug: Plug, lightbulb: Lightbulb, activity: Activity, chat: MessageSquare, mail: Mail, folder: Folder, archive: Archive, form: ClipboardList,
  wallet: Wallet, users: Users, user: User, people: Users, tag: Tag, rule: Scale, report: FileChartColumn, phone: Phone, news: Newspaper, list: List,
  gauge: Gauge, history: History, flow: Workflow, flask: FlaskConical, building: Building2, briefcase: Briefcase, apps: LayoutGrid, settings: Settings,
  sparkles: Sparkles,
  // The shell's own glyphs.
  menu: Menu, search: Search, feedback: MessageSquareText, video: Video, help: CircleHelp, moon: Moon, logout: LogOut, chevron: ChevronDown, pin: Pin,
  dock: PanelLeftClose, undock: PanelLeftOpen, close: X,
};

/** A shell glyph or menu icon by name; decorative (the control around it carries the name). */
export function ShellIcon({ name, size = 20 }: { name: string; size?: number }) {
  const Glyph = ICONS[name] ?? CircleDot;
  return <Glyph size={size} aria-hidden="true" focusable="false" strokeWidth={1.75} />;
}
