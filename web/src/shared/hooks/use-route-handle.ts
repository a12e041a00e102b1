import { useEffect } from 'react';
import { useMatches } from 'react-router';

// What a route may declare in its `handle` for the layouts around it.
export type RouteHandle = {
  // Screen name: header title and document title.
  title?: string;
  // Auth pages: which background image to show.
  authBackground?: 'login' | 'register' | 'lock' | 'error' | 'pricing' | 'verify';
};

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}

// The deepest matched route's handle wins for each field.
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  const merged: RouteHandle = {};
  for (const match of matches) {
    if (isRouteHandle(match.handle)) Object.assign(merged, match.handle);
  }
  return merged;
}

export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Parley` : 'Parley';
  }, [title]);
}
