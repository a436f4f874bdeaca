-- Hand-written data repair (issue 18, item 2): the Quill editor stored a non-breaking space (U+00A0,
-- or the entity &nbsp;) for every space, so words broke mid-word on phones. Every run of them that
-- follows a word (or starts a text before a word) becomes one plain space in every rich-text column of
-- every declared resource (today: products.description). A paragraph made only of a non-breaking space
-- (an empty line the author wanted) is kept. The same rule runs on every write (apps/api/src/core/rich-text.ts).
UPDATE "products" SET "description" = regexp_replace("description", '(?<=[^[:space:]>])(?:&nbsp;|&#160;|&#x0*a0;|\u00a0)+|(?<=>)(?:&nbsp;|&#160;|&#x0*a0;|\u00a0)+(?=[^[:space:]<])', ' ', 'gi') WHERE "description" ~* '&nbsp;|&#160;|&#x0*a0;|\u00a0';
