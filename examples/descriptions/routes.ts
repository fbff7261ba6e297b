// Written by fluent-endpoint openapi from "employers.yaml": do not edit.
import type { OpenAPIRoutes } from "fluent-endpoint";
import { routeTable } from "fluent-endpoint/openapi";

export interface paths {
    "/employers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the employers */
        get: operations["listEmployers"];
        put?: never;
        /** Add an employer */
        post: operations["addEmployer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listEmployers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the employers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    addEmployer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "applicationjson;version=2018-01-01": {
                    name?: string;
                };
            };
        };
        responses: {
            /** @description added */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}

/** The operations by operationId, each one's route. */
export type operationRoutes = {
  "listEmployers": "GET /employers";
};

export const routes = routeTable<OpenAPIRoutes<paths, operationRoutes>>({
  "GET /employers": {
    "url": "/employers",
    "parameters": {},
    "operationId": "listEmployers",
    "summary": "List the employers"
  }
}, {
  "server": {
    "url": "https://payroll.example/v2"
  },
  "securitySchemes": {},
  "skipped": [
    {
      "route": "POST /employers",
      "message": "route table: \"POST /employers\" has the media type \"applicationjson;version=2018-01-01\", which is no type/subtype",
      "operationId": "addEmployer"
    }
  ]
});
