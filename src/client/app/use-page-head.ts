import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { matchPagePath } from '@common/page-paths';
import { pageHead } from '@common/page-head';
import { expertQueryOptions } from '../features/experts';
import { ApiError } from '../lib/api-request';
import { applyDocumentHead } from '../lib/document-head';

/**
 * Keeps the document's head (title, description, canonical, noindex, link preview) that of the page shown,
 * as the visitor moves between pages. An expert's profile reads the expert from the query the page makes.
 */
export function usePageHead() {
  const { pathname, search } = useLocation();
  const expertId = matchPagePath(pathname) === '/expert/:id' ? pathname.split('/')[2]! : null;
  const expert = useQuery({ ...expertQueryOptions(expertId ?? ''), enabled: expertId !== null });
  const missing = expert.error instanceof ApiError && expert.error.status === 404;
  const known = expertId === null ? undefined : missing ? null : expert.data;
  useEffect(() => {
    applyDocumentHead(pageHead(pathname, new URLSearchParams(search), known));
  }, [pathname, search, known]);
}
