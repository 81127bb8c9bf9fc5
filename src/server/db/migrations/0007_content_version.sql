CREATE TABLE "content_version" (
	"stripe" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
