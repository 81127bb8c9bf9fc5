CREATE TABLE "order_desk_version" (
	"stripe" integer PRIMARY KEY NOT NULL,
	"changes" bigint DEFAULT 0 NOT NULL,
	"marks" bigint DEFAULT 0 NOT NULL
);
