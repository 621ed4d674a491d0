// Which session a subagent's messages go to. A `subagent_update` on a session announces a child session id; the
// child's own session/update notifications and requests (permission, elicitation, fs, terminal) then carry that id,
// and go to the session that owns the child (its parent, or the parent's parent for a child of a child), which draws
// the child's thread. The routes live as long as the owner is registered. No `vscode` here.

function recordOf(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The child id a session/update announces or patches (`subagent_update`), if it is one. */
export function announcedChild(params: unknown): string | undefined {
  const update = recordOf(recordOf(params)?.update);
  if (update?.sessionUpdate !== 'subagent_update') return undefined;
  return typeof update.sessionId === 'string' && update.sessionId !== '' ? update.sessionId : undefined;
}

export class ChildRoutes<T> {
  private readonly owners = new Map<string, T>();

  /** The owner of a child id, if one was announced. */
  get(childId: string): T | undefined {
    return this.owners.get(childId);
  }

  /** Notes the child a session/update that reached `owner` announces (the first announcement wins). */
  note(params: unknown, owner: T, isSession: (id: string) => boolean): void {
    const childId = announcedChild(params);
    if (childId === undefined || isSession(childId) || this.owners.has(childId)) return;
    this.owners.set(childId, owner);
  }

  /** The owner went away: its children's routes go too. */
  forget(owner: T): void {
    for (const [childId, known] of this.owners) if (known === owner) this.owners.delete(childId);
  }
}
