import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Search } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Button } from '../../components/ui/button';
import { HELP_TOPICS } from './help-topics';
import { searchHelp } from './help-search';

/** Scrolls to the topic or question the address names, once the page has drawn it (the layout scrolls to the top first). */
function useScrollToAnchor() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const frame = requestAnimationFrame(() => document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView());
    return () => cancelAnimationFrame(frame);
  }, [hash]);
}

/**
 * The questions and answers, filtered by the search box as one types. Before the app runs, the box is a
 * plain GET form: the server renders `/help?q=` already filtered (docs/PRODUCT.md#help-center).
 */
export function HelpCenter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [query, setQuery] = useState(() => searchParams.get('q') ?? '');
  const topics = searchHelp(HELP_TOPICS, query);
  const count = topics.reduce((sum, topic) => sum + topic.questions.length, 0);
  useScrollToAnchor();

  const change = (value: string) => {
    setQuery(value);
    setSearchParams(value.trim() ? { q: value } : {}, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="flex flex-col gap-8">
      <form role="search" method="get" action="/help" onSubmit={(event) => event.preventDefault()} className="flex max-w-2xl gap-2">
        <label htmlFor="help-search" className="sr-only">
          Search the help
        </label>
        <Input id="help-search" name="q" type="search" placeholder="Search questions, e.g. refund" value={query} onChange={(event) => change(event.target.value)} />
        <Button type="submit" variant="outline">
          <Search aria-hidden /> Search
        </Button>
      </form>

      <nav aria-label="Help topics" className="flex flex-wrap gap-2">
        {HELP_TOPICS.map((topic) => (
          <a key={topic.id} href={`#${topic.id}`} className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-700 hover:bg-slate-100">
            {topic.title}
          </a>
        ))}
      </nav>

      <p aria-live="polite" className="text-sm text-slate-600">
        {query.trim() ? (count === 0 ? `No answers match “${query.trim()}”.` : `${count} ${count === 1 ? 'answer matches' : 'answers match'} “${query.trim()}”.`) : null}
      </p>

      {topics.map((topic) => (
        <section key={topic.id} id={topic.id} aria-labelledby={`${topic.id}-title`} className="scroll-mt-24">
          <h2 id={`${topic.id}-title`} className="text-xl font-semibold text-navy-800">
            {topic.title}
          </h2>
          <Card className="mt-3 divide-y divide-slate-200">
            {topic.questions.map((question) => (
              <article key={question.id} id={question.id} className="scroll-mt-24 p-5 sm:p-6">
                <h3 className="font-semibold text-slate-900">{question.question}</h3>
                {question.answer.map((paragraph) => (
                  <p key={paragraph} className="mt-2 leading-relaxed text-slate-700">
                    {paragraph}
                  </p>
                ))}
              </article>
            ))}
          </Card>
        </section>
      ))}

      <Card className="max-w-2xl p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-navy-800">Still need help?</h2>
        <p className="mt-2 text-slate-700">
          Write to our team and we will answer by e-mail. <Link to="/contact" className="font-medium text-navy-600 underline-offset-4 hover:underline">Contact Us</Link>
        </p>
      </Card>
    </div>
  );
}
