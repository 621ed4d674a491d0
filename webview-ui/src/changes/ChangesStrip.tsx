// "N files changed" above the composer: the files agents changed that the user has not kept or undone yet (also an
// earlier session's, and after a window reload), each with its +/- counts, Review, Keep and Undo, and Keep / Undo
// for all of them. It stays until every change is kept or undone; the list folds to its title line.
import { useState } from 'preact/hooks';
import { type ChangedFileView, changedFilesTitle } from '../../../src/shared/protocol/changesProtocol';
import { useHost } from '../hostContext';
import { Icon } from '../ui/Icon';
import { useChanges } from './changesContext';
import { SubagentMark } from './SubagentMark';
import { linesWord } from '../../../src/shared/text/linesWord';

const STATUS_ICON = { created: 'diff-added', modified: 'diff-modified', deleted: 'diff-removed' } as const;
const STATUS_WORD = { created: 'created', modified: 'modified', deleted: 'deleted' } as const;

function counts(file: ChangedFileView): string {
  return file.added === undefined || file.removed === undefined ? '' : `${linesWord(file.added, 'added')}, ${linesWord(file.removed, 'removed')}`;
}

function FileRow({ file }: { file: ChangedFileView }) {
  const host = useHost();
  const status = STATUS_ICON[file.status] ?? 'diff-modified';
  const by = file.bySubagents?.length ? `by ${file.bySubagents.join(', ')}` : '';
  const described = [STATUS_WORD[file.status] ?? file.status, counts(file), file.otherSession ? 'in an earlier session' : '', by].filter(Boolean).join(', ');
  return (
    <li class="changes__file" data-changed-file={file.name} data-status={file.status} data-other-session={file.otherSession ? 'true' : undefined}>
      <button
        type="button"
        class="changes__open"
        data-action="review-file"
        title={`Review the changes to ${file.folder ? `${file.folder}/` : ''}${file.name}`}
        aria-label={`${file.name}, ${described}: review`}
        onClick={() => host.post({ type: 'reviewChanges', path: file.path })}
      >
        <span class={`changes__status changes__status--${file.status}`}>
          <Icon name={status} />
        </span>
        <span class="changes__name">{file.name}</span>
        {file.folder ? (
          <span class="changes__folder">
            <bdi>{file.folder}</bdi>
          </span>
        ) : null}
        {by ? <SubagentMark titles={file.bySubagents ?? []} /> : null}
      </button>
      {file.otherSession ? (
        <span class="changes__other" title="Changed in an earlier session">
          <Icon name="layers" />
        </span>
      ) : null}
      {file.added !== undefined && file.removed !== undefined ? (
        <span class="changes__counts" aria-hidden="true">
          <span class={`changes__added${file.added === 0 ? ' is-zero' : ''}`}>+{file.added}</span>{' '}
          <span class={`changes__removed${file.removed === 0 ? ' is-zero' : ''}`}>−{file.removed}</span>
        </span>
      ) : null}
      <span class="changes__actions">
        <button
          type="button"
          class="button button--icon"
          data-action="keep-file"
          aria-label={`Keep ${file.name}`}
          title="Keep this file's changes"
          onClick={() => host.post({ type: 'keepChanges', path: file.path })}
        >
          <Icon name="check" />
        </button>
        <button
          type="button"
          class="button button--icon"
          data-action="undo-file"
          aria-label={`Undo ${file.name}`}
          aria-disabled={file.noUndo ? 'true' : undefined}
          title={file.noUndo ?? "Undo this file's changes"}
          onClick={() => {
            if (!file.noUndo) host.post({ type: 'undoChanges', path: file.path });
          }}
        >
          <Icon name="discard" />
        </button>
      </span>
    </li>
  );
}

export function ChangesStrip() {
  const host = useHost();
  const { files } = useChanges();
  const [open, setOpen] = useState(true);
  if (files.length === 0) return null;
  const title = changedFilesTitle(files.length);
  const undoable = files.some((file) => !file.noUndo);
  return (
    <section class={`changes${open ? ' is-open' : ''}`} aria-label={title} data-changes-strip>
      <div class="changes__head">
        <button type="button" class="changes__toggle" aria-expanded={open ? 'true' : 'false'} aria-controls="changes-files" data-action="toggle-changes" onClick={() => setOpen(!open)}>
          <Icon name={open ? 'chevron-down' : 'chevron-right'} />
          <span class="changes__title">{title}</span>
        </button>
        <button type="button" class="button button--secondary" data-action="keep-all" title="Keep every change listed here" onClick={() => host.post({ type: 'keepChanges' })}>
          Keep
        </button>
        <button
          type="button"
          class="button button--neutral"
          data-action="undo-all"
          title="Undo every change listed here"
          aria-disabled={undoable ? undefined : 'true'}
          onClick={() => {
            if (undoable) host.post({ type: 'undoChanges' });
          }}
        >
          Undo
        </button>
      </div>
      {open ? (
        <ul id="changes-files" class="changes__files">
          {files.map((file) => (
            <FileRow key={file.path} file={file} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
