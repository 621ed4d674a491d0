// A link out of the chat. The click goes to the host (`openLink`), which opens web links with VS Code's usual
// confirmation and file links in an editor; the webview never navigates. Propagation stops here so that the
// webview frame's own link handler does not open the link a second time.
import type { ComponentChildren } from 'preact';
import { useHost } from '../hostContext';

interface ChatLinkProps {
  /** Already accepted by `classifyLink` (the host checks again). */
  href: string;
  title?: string;
  children: ComponentChildren;
}

export function ChatLink({ href, title, children }: ChatLinkProps) {
  const host = useHost();
  const open = (event: MouseEvent): void => {
    event.preventDefault();
    event.stopPropagation();
    host.post({ type: 'openLink', href });
  };
  return (
    <a class="chat-link" href={href} title={title ?? href} onClick={open}>
      {children}
    </a>
  );
}
