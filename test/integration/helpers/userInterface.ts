// The seam tests use to answer the extension's dialogs: for each test a fresh test user interface replaces the
// one a part of the extension's API uses (files, review, ...), and the previous one is put back after the test.
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';

/** A part of the extension's API whose user interface (questions, pickers, messages) a test can replace. */
export interface UserInterfaceSeam<T> {
  useUserInterface(ui: T): vscode.Disposable;
}

export interface CurrentUserInterface<T> {
  /** The test user interface of the running test. */
  readonly current: T;
}

/**
 * Registers `beforeEach`/`afterEach` hooks (call inside a `describe`): before each test `make()` gives a new test
 * user interface that `seam()` uses until the test ends.
 */
export function useTestUserInterface<T>(seam: () => UserInterfaceSeam<NoInfer<T>>, make: () => T): CurrentUserInterface<T> {
  let current: T | undefined;
  let restore: vscode.Disposable | undefined;
  beforeEach(() => {
    current = make();
    restore = seam().useUserInterface(current);
  });
  afterEach(() => {
    restore?.dispose();
    restore = undefined;
    current = undefined;
  });
  return {
    get current(): T {
      assert.ok(current !== undefined, 'the test user interface exists only while a test runs');
      return current;
    },
  };
}
