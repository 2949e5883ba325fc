export declare const COMMON_HEADERS: ReadonlyArray<{ key: string; value: string }>;
