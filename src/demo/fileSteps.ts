// The readFile and writeFile steps: a read tool call with the file's content, and an edit tool call with a
// diff, asked for first when the step says so.
import {
  absolutePath,
  cancelled,
  needSession,
  Outcome,
  sendUpdate,
  shownPath,
  StepContext,
  textContent,
  useToolCallId,
} from './context';
import { rm } from 'node:fs/promises';
import { existsAsFile, fenced, findSmallTextFile, readText, writeText } from './fileAccess';
import type { Json, JsonObject } from './json';
import { askFor } from './permission';
import type { ReadFileStep, WriteFileSpec, WriteFileStep } from './scenario';
import { describeError } from '../shared/text/errors';

async function firstExisting(ctx: StepContext, step: ReadFileStep): Promise<string | undefined> {
  const candidates = Array.isArray(step.readFile.path) ? step.readFile.path : [step.readFile.path];
  for (const candidate of candidates) {
    const file = absolutePath(ctx, candidate);
    if (await existsAsFile(file)) return file;
  }
  return step.readFile.anyFile ? findSmallTextFile(needSession(ctx).cwd) : undefined;
}

function firstLine(text: string): string {
  const line = text.split('\n').find((item) => item.trim() !== '') ?? '';
  const trimmed = line.trim();
  return trimmed.length > 80 ? `${trimmed.slice(0, 79)}…` : trimmed;
}

export async function playReadFile(step: ReadFileStep, ctx: StepContext): Promise<Outcome | undefined> {
  const spec = step.readFile;
  const file = await firstExisting(ctx, step);
  if (file === undefined) {
    ctx.log.info(`readFile: none of ${JSON.stringify(spec.path)} exists`);
    return ctx.play(step.ifNone);
  }
  const shown = shownPath(ctx, file);
  const toolCallId = useToolCallId(ctx, spec.toolCallId);
  const location: JsonObject = spec.line === undefined ? { path: file } : { path: file, line: spec.line };
  const rawInput: JsonObject = { ...location };
  if (spec.limit !== undefined) rawInput.limit = spec.limit;
  sendUpdate(ctx, {
    sessionUpdate: 'tool_call',
    toolCallId,
    title: spec.title ?? `Read ${shown}`,
    kind: 'read',
    status: 'in_progress',
    locations: [location],
    rawInput,
  });
  let text: string;
  try {
    text = await readText(ctx, file, spec.line, spec.limit);
  } catch (error) {
    ctx.vars.set('fileError', describeError(error));
    sendUpdate(ctx, {
      sessionUpdate: 'tool_call_update',
      toolCallId,
      status: 'failed',
      content: [textContent(`Could not read ${shown}: ${describeError(error)}`)],
    });
    return undefined;
  }
  ctx.vars.set('file', shown);
  ctx.vars.set('fileAbs', file);
  ctx.vars.set('fileLines', text === '' ? 0 : text.replace(/\n$/, '').split('\n').length);
  ctx.vars.set('fileFirstLine', firstLine(text));
  const show = spec.show ?? 2000;
  const excerpt = text.length > show ? `${text.slice(0, show)}\n…` : text;
  const update: JsonObject = { sessionUpdate: 'tool_call_update', toolCallId, status: 'completed' };
  if (show > 0) update.content = [textContent(fenced(excerpt, file))];
  sendUpdate(ctx, update);
  return undefined;
}

function newContent(spec: WriteFileSpec, old: string | null): string | null {
  if (spec.delete) {
    if (old === null) throw new Error('the file does not exist, so there is nothing to delete');
    return null;
  }
  if (spec.content !== undefined) return spec.content;
  if (spec.append !== undefined) {
    // Appended text starts on a new line; a new (or empty) file does not start with blank lines.
    if (old === null || old === '') return spec.append.replace(/^\n+/, '');
    return old.endsWith('\n') ? old + spec.append : `${old}\n${spec.append}`;
  }
  const edit = spec.edit;
  if (!edit) throw new Error('writeFile needs content, edit or append');
  if (old === null) throw new Error('the file does not exist, so there is nothing to edit');
  if (!old.includes(edit.find)) throw new Error(`the text to replace was not found: ${JSON.stringify(edit.find)}`);
  return edit.all ? old.split(edit.find).join(edit.replace) : old.replace(edit.find, () => edit.replace);
}

export async function playWriteFile(step: WriteFileStep, ctx: StepContext): Promise<Outcome | undefined> {
  const spec = step.writeFile;
  const file = absolutePath(ctx, spec.path);
  const shown = shownPath(ctx, file);
  const toolCallId = useToolCallId(ctx, spec.toolCallId);
  const finish = (status: string, content: Json[], result: string): void => {
    ctx.vars.set('writeResult', result);
    sendUpdate(ctx, { sessionUpdate: 'tool_call_update', toolCallId, status, content });
  };
  let old: string | null = null;
  let text: string | null;
  try {
    if (await existsAsFile(file)) old = await readText(ctx, file, undefined, undefined, spec.onDisk);
    text = newContent(spec, old);
  } catch (error) {
    sendUpdate(ctx, { sessionUpdate: 'tool_call', toolCallId, title: spec.title ?? `Edit ${shown}`, kind: 'edit', status: 'pending', locations: [{ path: file }] });
    finish('failed', [textContent(`Could not edit ${shown}: ${describeError(error)}`)], 'failed');
    return undefined;
  }
  const diff: JsonObject = text === null ? textContent(`Delete ${shown}`) : { type: 'diff', path: file, oldText: old, newText: text };
  const toolCall: JsonObject = {
    toolCallId,
    title: spec.title ?? `${text === null ? 'Delete' : old === null ? 'Create' : 'Edit'} ${shown}`,
    kind: text === null ? 'delete' : 'edit',
    status: 'pending',
    locations: [{ path: file }],
    content: [diff],
    rawInput: { path: file },
  };
  sendUpdate(ctx, { sessionUpdate: 'tool_call', ...toolCall });
  const decision = await askFor(ctx, spec.ask, toolCall, 'edit');
  if (decision === 'cancelled') {
    ctx.vars.set('writeResult', 'cancelled');
    return cancelled;
  }
  if (decision === 'reject') {
    finish('failed', [textContent(`Rejected: ${shown} was not changed.`)], 'rejected');
    return ctx.play(step.onReject);
  }
  sendUpdate(ctx, { sessionUpdate: 'tool_call_update', toolCallId, status: 'in_progress' });
  try {
    if (text === null) await rm(file);
    else await writeText(ctx, file, text, spec.onDisk);
  } catch (error) {
    finish('failed', [textContent(`Could not write ${shown}: ${describeError(error)}`)], 'failed');
    return undefined;
  }
  ctx.vars.set('writtenFile', shown);
  finish('completed', [diff], 'written');
  return ctx.play(step.onAllow);
}
