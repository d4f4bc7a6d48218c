CREATE TABLE "search_daily_stats" (
	"day" date NOT NULL,
	"normalised" text NOT NULL,
	"query" text NOT NULL,
	"query_count" integer DEFAULT 0 NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"zero_result_searches" integer DEFAULT 0 NOT NULL,
	"last_results" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_daily_stats_day_normalised_pk" PRIMARY KEY("day","normalised"),
	CONSTRAINT "search_daily_stats_counts" CHECK ("search_daily_stats"."searches" >= 0 AND "search_daily_stats"."clicks" >= 0 AND "search_daily_stats"."zero_result_searches" >= 0 AND "search_daily_stats"."zero_result_searches" <= "search_daily_stats"."searches" AND "search_daily_stats"."last_results" >= 0)
);
