// One tool call content item reduced to what the card draws. Unknown item types are kept and shown by type.
import type { OpenToolCallContent } from '../../../src/shared/acp';
import { blockViews, type BlockView, type OpenContentBlock } from './contentText';
import { diffStats } from './diffStats';
import { isRecord } from '../../../src/shared/text/narrow';

export type ToolContentView =
  | { kind: 'content'; blocks: BlockView[]; block: OpenContentBlock }
  | { kind: 'diff'; path: string; added: number; removed: number; isNew: boolean; oldText?: string; newText: string }
  | { kind: 'terminal'; terminalId: string }
  | { kind: 'other'; type: string };

export function toolContentView(item: OpenToolCallContent): ToolContentView {
  const fields = item as Record<string, unknown>;
  switch (item.type) {
    case 'content':
      if (isRecord(fields.content) && typeof fields.content.type === 'string') {
        const block = fields.content as OpenContentBlock;
        return { kind: 'content', blocks: blockViews([block]), block };
      }
      break;
    case 'diff':
      if (typeof fields.path === 'string' && typeof fields.newText === 'string') {
        const oldText = typeof fields.oldText === 'string' ? fields.oldText : undefined;
        return {
          kind: 'diff',
          path: fields.path,
          ...diffStats(oldText, fields.newText),
          isNew: oldText === undefined,
          ...(oldText === undefined ? {} : { oldText }),
          newText: fields.newText,
        };
      }
      break;
    case 'terminal':
      if (typeof fields.terminalId === 'string') return { kind: 'terminal', terminalId: fields.terminalId };
      break;
  }
  return { kind: 'other', type: String(item.type) };
}
