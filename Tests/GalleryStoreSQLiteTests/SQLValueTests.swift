import Foundation
import Testing

@testable import GalleryStoreSQL

@Suite("Values between Swift and SQL")
struct SQLValueTests {
    @Test func datesAreReadInEveryFormGRDBWritesOrReads() {
        let noon = Date(timeIntervalSince1970: 1_795_521_600)  // 2026-11-24 12:00:00 UTC
        #expect(SQLDateText.date(from: "2026-11-24 12:00:00.000") == noon)
        #expect(SQLDateText.date(from: "2026-11-24 12:00:00") == noon)
        #expect(SQLDateText.date(from: "2026-11-24T12:00:00Z") == noon)
        #expect(SQLDateText.date(from: "2026-11-24 12:00") == noon)
        #expect(SQLDateText.date(from: "2026-11-24") == noon.addingTimeInterval(-43_200))
        #expect(SQLDateText.date(from: "2026-11-24 12:00:00.25") == noon.addingTimeInterval(0.25))
        #expect(SQLDateText.date(from: "1969-12-31 23:59:59") == Date(timeIntervalSince1970: -1))
        #expect(SQLDateText.date(from: "2000-02-29 00:00:00") == Date(timeIntervalSince1970: 951_782_400))
        #expect(Date(sqlValue: .integer(60)) == Date(timeIntervalSince1970: 60))
        #expect(Date(sqlValue: .date(noon)) == noon)
    }

    @Test func textThatIsNoDateIsNone() {
        for text in [
            "", "yesterday", "2026-13-01 00:00:00", "2026-11-24 25:00:00", "2026-11-24 12:00:00.", "2026/11/24",
        ] {
            #expect(SQLDateText.date(from: text) == nil, "\(text)")
        }
    }

    @Test func rowsReadColumnsByNameWithoutCaseAndNullsAsNone() {
        let row = SQLRow(names: ["itemcount", "title", "gone"], values: [.integer(3), .text("A"), .null])
        #expect(row["itemCount"] as Int == 3)
        #expect(row["TITLE"] as String == "A")
        #expect((row["gone"] as String?) == nil)
        #expect((row["missing"] as Int?) == nil)
        #expect(Bool(sqlValue: .integer(1)) == true && Bool(sqlValue: .boolean(false)) == false)
        #expect(Int64(sqlValue: .real(2.0)) == 2 && Int64(sqlValue: .real(2.5)) == nil)
    }

    @Test func argumentsBindNilsAndOptionals() {
        let missing: String? = nil
        let arguments: SQLArguments = ["a", 1, missing, nil, true]
        #expect(arguments.values == [.text("a"), .integer(1), .null, .null, .boolean(true)])
    }
}
