// The icon a connector definition names, from the portal's icon set; unknown names get a plug.
import { Database, FileEarmarkText, Globe2, Plug, Terminal, Boxes } from 'react-bootstrap-icons';

const icons = {
  sample: Boxes,
  api: Globe2,
  database: Database,
  postgres: Database,
  file: FileEarmarkText,
  custom: Terminal,
  plug: Plug,
} as const;

export function ConnectorIcon({ name, size = 24 }: { name: string; size?: number }) {
  const Icon = icons[name as keyof typeof icons] ?? Plug;
  return <Icon size={size} aria-hidden="true" />;
}
