/// The recommended products of every channel kept as one page-ordered table, each product's list
/// item inline: `youfan_recommended_items` holds exactly the rows of
/// `youfan_recommendations JOIN youfan_products` (a product without a list item is left out),
/// clustered by `(cid, position, code)`, so a page is one range scan.
///
/// The join it replaces looked up two B-trees per row, skipped rows included (the product's code
/// in its index, then its row): 40 searches for page 2 of 10, about 80k instructions a request.
/// Triggers on both source tables keep the copy equal to the join whoever writes them (the
/// recorder, the seeds, a session's restore); a migration that drops either table must create
/// its triggers again.
enum YoufanRecommendedItems {
    static let migration = Migration("youfan.014-recommended-items", sql: """
        CREATE TABLE youfan_recommended_items (
            cid INTEGER NOT NULL, position INTEGER NOT NULL, code TEXT NOT NULL, item TEXT NOT NULL,
            PRIMARY KEY (cid, position, code), UNIQUE (cid, code)) WITHOUT ROWID;
        CREATE INDEX youfan_recommended_items_by_code ON youfan_recommended_items (code);
        INSERT INTO youfan_recommended_items (cid, position, code, item)
            SELECT r.cid, r.position, r.code, p.item FROM youfan_recommendations AS r
            JOIN youfan_products AS p ON p.code = r.code WHERE p.item IS NOT NULL;

        CREATE TRIGGER youfan_recommended_items_on_recommendation_insert
        AFTER INSERT ON youfan_recommendations BEGIN
            DELETE FROM youfan_recommended_items WHERE cid = NEW.cid AND code = NEW.code;
            INSERT INTO youfan_recommended_items (cid, position, code, item)
                SELECT NEW.cid, NEW.position, NEW.code, item FROM youfan_products
                WHERE code = NEW.code AND item IS NOT NULL;
        END;
        CREATE TRIGGER youfan_recommended_items_on_recommendation_update
        AFTER UPDATE ON youfan_recommendations BEGIN
            DELETE FROM youfan_recommended_items WHERE cid = OLD.cid AND code = OLD.code;
            INSERT INTO youfan_recommended_items (cid, position, code, item)
                SELECT NEW.cid, NEW.position, NEW.code, item FROM youfan_products
                WHERE code = NEW.code AND item IS NOT NULL;
        END;
        CREATE TRIGGER youfan_recommended_items_on_recommendation_delete
        AFTER DELETE ON youfan_recommendations BEGIN
            DELETE FROM youfan_recommended_items WHERE cid = OLD.cid AND code = OLD.code;
        END;

        CREATE TRIGGER youfan_recommended_items_on_product_insert
        AFTER INSERT ON youfan_products BEGIN
            DELETE FROM youfan_recommended_items WHERE code = NEW.code;
            INSERT INTO youfan_recommended_items (cid, position, code, item)
                SELECT cid, position, code, NEW.item FROM youfan_recommendations
                WHERE code = NEW.code AND NEW.item IS NOT NULL;
        END;
        CREATE TRIGGER youfan_recommended_items_on_product_update
        AFTER UPDATE OF code, item ON youfan_products BEGIN
            DELETE FROM youfan_recommended_items WHERE code IN (OLD.code, NEW.code);
            INSERT INTO youfan_recommended_items (cid, position, code, item)
                SELECT cid, position, code, NEW.item FROM youfan_recommendations
                WHERE code = NEW.code AND NEW.item IS NOT NULL;
        END;
        CREATE TRIGGER youfan_recommended_items_on_product_delete
        AFTER DELETE ON youfan_products BEGIN
            DELETE FROM youfan_recommended_items WHERE code = OLD.code;
        END;
        """)
}
