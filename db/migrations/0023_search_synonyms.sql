CREATE TABLE "search_synonym_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"synonym_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"input" text,
	"terms" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonyms_shape" CHECK (("search_synonyms"."kind" = 'two_way' AND "search_synonyms"."input" IS NULL AND cardinality("search_synonyms"."terms") >= 2) OR ("search_synonyms"."kind" = 'one_way' AND "search_synonyms"."input" IS NOT NULL AND cardinality("search_synonyms"."terms") >= 1))
);
--> statement-breakpoint
ALTER TABLE "search_synonym_terms" ADD CONSTRAINT "search_synonym_terms_synonym_id_search_synonyms_id_fk" FOREIGN KEY ("synonym_id") REFERENCES "public"."search_synonyms"("id") ON DELETE cascade ON UPDATE no action;