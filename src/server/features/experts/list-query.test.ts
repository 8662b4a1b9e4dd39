import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { expertListQuerySchema } from '../../../common/expert.js';
import { listConditions } from './service.js';
import { orderBy, sortKeys } from './sort-keys.js';

const dialect = new PgDialect();
const query = (params: Record<string, string>) => expertListQuerySchema.parse(params);
const orderSql = (params: Record<string, string>) => dialect.sqlToQuery(sql.join(orderBy(sortKeys(query(params))), sql`, `)).sql;
const whereSql = (params: Record<string, string>) => dialect.sqlToQuery(listConditions(query(params)));

describe('sortKeys', () => {
  it('sorts prices by the onsite rate, and by the video rate for video listings', () => {
    expect(orderSql({ sort: 'price-low' })).toMatch(/^"experts"\."onsite_rate_cents" asc/);
    expect(orderSql({ sort: 'price-high', serviceType: 'video' })).toMatch(/^"experts"\."video_rate_cents" desc/);
    expect(orderSql({ sort: 'price-low', serviceType: 'onsite' })).toMatch(/^"experts"\."onsite_rate_cents" asc/);
  });

  it('always ends with the id, so pages never repeat or skip an expert', () => {
    for (const sort of ['rating', 'experience', 'price-low', 'price-high', 'name']) {
      expect(orderSql({ sort })).toMatch(/"experts"\."id" asc$/);
    }
  });
});

describe('listConditions', () => {
  it('lists approved experts only', () => {
    expect(whereSql({}).sql).toContain('"experts"."status" = $1');
    expect(whereSql({}).params).toEqual(['approved']);
  });

  it('passes user text only as parameters, escaped as regex literals', () => {
    const { sql: text, params } = whereSql({ q: "o'brien 100%" });
    expect(text).not.toContain("o'brien");
    expect(params).toContain("\\mo'brien");
    expect(params).toContain('\\m100%');
    // The index's candidates: each word's leading run of letters and digits, as a prefix.
    expect(params).toContain('o:* & 100:*');
  });

  it('adds one condition per filter given', () => {
    const { params } = whereSql({ specialty: 'hull', serviceType: 'onsite', available: 'true', minRating: '4.5', location: 'FL' });
    expect(params).toEqual(['approved', 'hull', 'onsite', true, '4.50', 'fl', '\\mfl\\M']);
  });
});
