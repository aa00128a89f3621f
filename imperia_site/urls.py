from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("play.urls")),
]

# Under /api/, JSON as the API's own errors; elsewhere, Django's pages (templates/).
handler400 = "play.api.views.bad_request"
handler404 = "play.api.views.not_found"
handler500 = "play.api.views.server_error"
