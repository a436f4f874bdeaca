import '../../core/resource/rich-text-view.css';
import { formatDateTime } from '../../core/format';

export interface PreviewArticle {
  title?: string;
  summary?: string | null;
  content?: string | null;
  thumbnail?: string | null;
  author?: string | null;
  published_at?: string | null;
  category?: string | null;
}

/**
 * An article as the public portal shows it: category, title, date and author, the summary in bold,
 * the picture and the text. The HTML is the editor's (sanitised again by the server on save).
 */
export function ArticlePreview({ a }: { a: PreviewArticle }) {
  return (
    <article className="nns-article-preview">
      {a.category && <div className="nns-article-category">{a.category}</div>}
      <h1>{a.title || 'Chưa có tiêu đề'}</h1>
      <div className="nns-article-meta">
        {a.published_at ? formatDateTime(a.published_at) : 'Chưa đăng'}
        {a.author ? ` · ${a.author}` : ''}
      </div>
      {a.summary && <p className="nns-article-summary">{a.summary}</p>}
      {a.thumbnail && <img className="nns-article-thumb" src={a.thumbnail} alt="" />}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised rich text (core/rich-text.ts) */}
      <div className="nns-richtext" dangerouslySetInnerHTML={{ __html: a.content ?? '' }} />
    </article>
  );
}
